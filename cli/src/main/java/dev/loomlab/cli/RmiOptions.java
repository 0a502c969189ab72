package dev.loomlab.cli;

import picocli.CommandLine.Option;

import java.nio.file.Path;

/**
 * The RMI security options a remote JMeter engine ({@code load-agent}) and its controllers ({@code load --remote})
 * share: RMI over SSL with one keystore on both sides, or plain RMI by explicit choice (checked by
 * {@link dev.loomlab.load.jmeter.RemoteEngines#keystore}).
 */
final class RmiOptions {
    @Option(names = "--rmi-keystore", paramLabel = "FILE", converter = Converters.NonBlankConverter.class,
            description = "RMI over SSL with this keystore, the same file for the engines (load-agent) and their controllers"
                    + " (load --remote) (alias rmi; password $LOOMLAB_RMI_KEYSTORE_PASSWORD, else changeit)")
    String keystore;

    @Option(names = "--rmi-insecure", description = "plain RMI between engines and controllers on other machines (JMeter's"
            + " server.rmi.ssl.disable=true): a closed lab network only")
    boolean insecure;

    /** {@code --rmi-keystore} as a path, or null without it. */
    Path keystorePath() {
        return keystore == null ? null : Path.of(keystore);
    }
}
