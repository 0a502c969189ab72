package dev.loomlab.cli.doctor;

import dev.loomlab.core.memory.PlatformThreadCeiling;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Everything {@code loomlab doctor} reads about the machine, before judging it: one record per fact family.
 * Reading takes milliseconds (small files, a few loopback binds, folder listings; no program is run).
 *
 * @param threads the most platform threads the memory scenarios allow themselves here ({@link PlatformThreadCeiling})
 */
public record MachineFacts(CpuFacts cpu, MemoryFacts memory, OpenFileFacts openFiles, NetFacts net,
                           KernelFacts kernel, PlatformThreadCeiling threads, JdkFacts jdks, BrowserFacts browser) {

    /** This machine, as this process sees it. */
    public static MachineFacts readHere() {
        Path root = Path.of("/");
        return new MachineFacts(CpuFacts.read(root, Runtime.getRuntime().availableProcessors()), MemoryFacts.readHere(), OpenFileFacts.readHere(),
                NetFacts.read(root, NetFacts::bindsLoopback), KernelFacts.read(root), PlatformThreadCeiling.detect(),
                JdkFacts.readHere(), BrowserFacts.readHere());
    }

    /** As a JSON object: each family's facts under its name. */
    public Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("os", System.getProperty("os.name"));
        m.put("cpu", cpu.json());
        m.put("memory", memory.json());
        m.put("open_files", openFiles.json());
        m.put("net", net.json());
        m.put("kernel", kernel.json());
        Map<String, Object> threads = new LinkedHashMap<>();
        threads.put("platform_thread_ceiling", this.threads.threads());
        threads.put("limited_by", this.threads.limitedBy());
        m.put("threads", threads);
        m.put("jdks", jdks.json());
        m.put("browser", browser.json());
        return m;
    }
}
