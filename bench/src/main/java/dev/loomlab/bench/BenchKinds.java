package dev.loomlab.bench;

import dev.loomlab.core.model.ThreadKind;

/** The {@code kind} parameter of the benchmarks: {@code platform} or {@code virtual}. */
final class BenchKinds {
    private BenchKinds() {
    }

    static ThreadKind of(String kind) {
        ThreadKind k = ThreadKind.find(kind);
        if (k == null) {
            throw new IllegalArgumentException("kind must be one of " + ThreadKind.names() + ", got " + kind);
        }
        return k;
    }
}
