package dev.loomlab.load.jmeter;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.engine.EngineLine;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A remote JMeter engine for controllers on other machines ({@code loomlab load-agent}): the JMeter engine's JVM
 * in agent mode, listening on {@code bind} — its RMI registry on {@code port}, the engine object on
 * {@code port + 1} — until it is closed or loomlab ends (it dies with loomlab, as every child does).
 */
public final class JmeterAgent implements AutoCloseable {
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);

    private final EngineJvm jvm;
    private final String listening;

    private JmeterAgent(EngineJvm jvm, String listening) {
        this.jvm = jvm;
        this.listening = listening;
    }

    /**
     * Starts the engine and waits until it listens.
     *
     * @param keystore RMI over SSL with this keystore (also the truststore), or null for plain RMI
     * @throws BadInputException when JMeter refuses to listen there (one line saying why)
     * @throws IOException       when the engine's JVM does not start
     */
    public static JmeterAgent start(int port, InetAddress bind, Path keystore) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("agent", Integer.toString(port), bind.getHostAddress()));
        if (keystore != null) {
            args.add(keystore.toAbsolutePath().toString());
        }
        EngineJvm jvm = EngineJvm.start("agent", args);
        boolean ok = false;
        try {
            EngineLine.Parsed first = jvm.next(READY_TIMEOUT);
            if (first == null) {
                throw new IOException("the JMeter engine (pid " + jvm.pid() + ") did not listen within " + READY_TIMEOUT.toSeconds()
                        + " s" + jvm.lastLines());
            }
            if (first == EngineJvm.END) {
                throw new IOException("the JMeter engine (pid " + jvm.pid() + ") " + jvm.ending(" before it listened"));
            }
            if (first.word().equals(EngineLine.REFUSED)) {
                throw new BadInputException(first.rest());
            }
            ok = true;
            return new JmeterAgent(jvm, first.rest());
        } finally {
            if (!ok) {
                jvm.close();
            }
        }
    }

    /** The engine JVM's pid. */
    public long pid() {
        return jvm.pid();
    }

    public boolean isAlive() {
        return jvm.isAlive();
    }

    /** What the engine said when it started listening: {@code ADDRESS:PORT JMeter 5.6.3 plain RMI}. */
    public String listening() {
        return listening;
    }

    /** How the engine ended, once it has: its exit code and last lines. */
    public String ending() throws InterruptedException {
        return jvm.ending("");
    }

    @Override
    public void close() {
        jvm.close();
    }
}
