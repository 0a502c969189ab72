package dev.loomlab.load.engines;

import dev.loomlab.core.BadInputException;
import dev.loomlab.load.LoadEngine;
import dev.loomlab.load.jmeter.JmeterEngine;
import dev.loomlab.load.jmeter.RemoteEngines;

import java.util.List;

/**
 * The load engines by name — {@code loomlab} (its own generator, the default) and {@code jmeter} (Apache JMeter in a
 * JVM of its own) — for {@code loomlab load --engine} and the web scenario's {@code engine} parameter.
 */
public final class LoadEngines {
    public static final String LOOMLAB = "loomlab";
    public static final String JMETER = JmeterEngine.NAME;
    /** Every engine's name, the default first. */
    public static final List<String> NAMES = List.of(LOOMLAB, JMETER);

    private LoadEngines() {
    }

    /**
     * The engine named {@code name}, JMeter's controlling {@code remotes} (when there are any).
     *
     * @throws BadInputException for an unknown name, or remote engines without JMeter
     */
    public static LoadEngine named(String name, RemoteEngines remotes) {
        return switch (name) {
            case LOOMLAB -> {
                if (!remotes.isEmpty()) {
                    throw new BadInputException("--remote runs the load on remote JMeter engines: it needs --engine jmeter");
                }
                yield LoadEngine.loomlab();
            }
            case JMETER -> new JmeterEngine(remotes);
            default -> throw new BadInputException("unknown engine '" + name + "' (loomlab or jmeter)");
        };
    }

    /** The engine named {@code name}, on this machine. */
    public static LoadEngine named(String name) {
        return named(name, RemoteEngines.NONE);
    }
}
