package dev.loomlab.load;

import dev.loomlab.core.BadInputException;

import java.util.Locale;
import java.util.function.Consumer;

/** loomlab's own generator as a {@link LoadEngine}: on this machine only, nothing to start before the load. */
final class LoomlabEngine implements LoadEngine {
    static final LoomlabEngine INSTANCE = new LoomlabEngine();
    static final String NAME = "loomlab";

    private LoomlabEngine() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean runsInThisJvm() {
        return true;
    }

    @Override
    public boolean boundsConnections() {
        return true;
    }

    @Override
    public boolean canSearch() {
        return true;
    }

    @Override
    public String announce(LoadSpec spec) {
        return spec.isOpen() ? ", up to " + String.format(Locale.ROOT, "%,d", spec.connections()) + " connections" : "";
    }

    @Override
    public Prepared prepare(LoadSpec spec) {
        if (!spec.isLocal()) {
            throw new BadInputException("'" + spec.target().getHost() + "' is not this machine: loomlab loads only 127.0.0.0/8 (or localhost)");
        }
        return new Prepared() {
            @Override
            public Run run(Consumer<LoadProgress> progress, boolean latencies) throws InterruptedException {
                return new Run(new LoadGenerator(spec).run(progress, latencies), null);
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public String latencyNote(LoadSpec spec) {
        return LatencyBasis.of(spec.isOpen()).description();
    }
}
