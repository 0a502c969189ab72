package dev.loomlab.core.trial;

import dev.loomlab.core.outcome.TrialSpec;
import dev.loomlab.core.prof.ProfilerSpec;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The file a trial JVM reads its {@link TrialSpec} from: Java properties ({@code scenario}, {@code model},
 * round counts, {@code param.N.name} / {@code param.N.value} in order). Not JSON, because a trial JVM
 * would spend about a quarter of a second starting Jackson just to read it.
 */
final class TrialSpecFile {
    private TrialSpecFile() {
    }

    static void write(TrialSpec spec, Path file) throws IOException {
        write(spec, false, file);
    }

    /** @param live true when the trial streams {@link dev.loomlab.core.outcome.LiveSample}s ({@code live=true}) */
    static void write(TrialSpec spec, boolean live, Path file) throws IOException {
        write(spec, live, null, file);
    }

    /** @param profiling the trial's {@code --prof} profilers ({@code prof.N}, {@code prof.base}, {@code prof.lib}), or null */
    static void write(TrialSpec spec, boolean live, Profiling profiling, Path file) throws IOException {
        Properties p = new Properties();
        if (profiling != null) {
            for (int i = 0; i < profiling.specs().size(); i++) {
                p.setProperty("prof." + i, profiling.specs().get(i).toString());
            }
            p.setProperty("prof.base", profiling.base().toString());
            p.setProperty("prof.lib", profiling.libraryDir().toString());
        }
        p.setProperty("live", Boolean.toString(live));
        p.setProperty("scenario", spec.scenario());
        p.setProperty("model", spec.model());
        p.setProperty("warmup", Integer.toString(spec.warmup()));
        p.setProperty("iterations", Integer.toString(spec.iterations()));
        p.setProperty("fork", Integer.toString(spec.fork()));
        p.setProperty("forks", Integer.toString(spec.forks()));
        p.setProperty("sampleThreads", Boolean.toString(spec.sampleThreads()));
        if (spec.slo() != null) {
            p.setProperty("slo", spec.slo());
        }
        int i = 0;
        for (Map.Entry<String, String> e : spec.params().entrySet()) {
            p.setProperty("param." + i + ".name", e.getKey());
            p.setProperty("param." + i + ".value", e.getValue());
            i++;
        }
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            p.store(out, "loomlab trial spec");
        }
    }

    static TrialSpec read(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 0; p.containsKey("param." + i + ".name"); i++) {
            params.put(p.getProperty("param." + i + ".name"), p.getProperty("param." + i + ".value"));
        }
        return new TrialSpec(required(p, "scenario"), required(p, "model"), params,
                Integer.parseInt(required(p, "warmup")), Integer.parseInt(required(p, "iterations")),
                Integer.parseInt(required(p, "fork")), Integer.parseInt(required(p, "forks")),
                Boolean.parseBoolean(required(p, "sampleThreads")), p.getProperty("slo"));
    }

    /** True when the trial of this spec file streams live samples; an older file without the key says no. */
    static boolean live(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        }
        return Boolean.parseBoolean(p.getProperty("live"));
    }

    /**
     * The profilers a trial runs, and where: {@code base} names its profile files ({@code <base>.jfr} …),
     * {@code libraryDir} is where async-profiler's native library is unpacked.
     */
    record Profiling(List<ProfilerSpec> specs, Path base, Path libraryDir) {
    }

    /** The trial's profilers, or empty when it runs none. */
    static Optional<Profiling> profiling(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        }
        List<String> values = new ArrayList<>();
        for (int i = 0; p.containsKey("prof." + i); i++) {
            values.add(p.getProperty("prof." + i));
        }
        if (values.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Profiling(ProfilerSpec.parseAll(values), Path.of(required(p, "prof.base")),
                Path.of(required(p, "prof.lib"))));
    }

    private static String required(Properties p, String key) throws IOException {
        String value = p.getProperty(key);
        if (value == null) {
            throw new IOException("trial spec has no " + key);
        }
        return value;
    }
}
