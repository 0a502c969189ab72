package dev.loomlab.cli;

import dev.loomlab.core.result.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code --out} on a file system that fills up during the run (a 4 MB tmpfs, filled by the test once the
 * first result is written): the run stops with one clear line and exit 1, and the first result stays whole.
 * Mounting needs root; elsewhere the test is skipped with the reason.
 */
class FullDiskTest {
    @TempDir
    Path tmp;

    @Test
    void aFullDiskStopsTheRunWithOneLineAndKeepsWhatWasWritten() throws Exception {
        Path disk = Files.createDirectories(tmp.resolve("small"));
        String refused = mount(disk);
        assumeTrue(refused == null, "cannot mount a small tmpfs here: " + refused);
        try {
            Path out = disk.resolve("run");
            Path results = out.resolve("results.jsonl");
            AtomicReference<String> firstResult = new AtomicReference<>();
            Thread filler = new Thread(() -> firstResult.set(fillAfterFirstLine(results, disk.resolve("filler"))));
            filler.start();
            CliHarness.Outcome o = CliHarness.run("run", "sleep", "-m", "virtual", "-p", "tasks=1", "-p", "sleep=1ms,2ms,3ms",
                    "--forks", "1", "--warmup", "0", "--iterations", "1", "--timeout", "2m", "--out", out.toString());
            filler.join(TimeUnit.MINUTES.toMillis(3));

            assertThat(firstResult.get()).as("the filler saw the first result").isNotNull();
            assertThat(o.exit()).as(o.err()).isEqualTo(1);
            List<String> said = o.err().lines().filter(l -> l.startsWith("loomlab:")).toList();
            assertThat(said).as(o.err()).hasSize(1);
            assertThat(said.get(0)).contains("No space left on device").contains("1 of 3 planned results recorded")
                    .contains("--resume");
            assertThat(o.err()).doesNotContain("Exception").doesNotContain("\tat ");
            assertThat(Files.readString(results, StandardCharsets.UTF_8)).isEqualTo(firstResult.get());
            assertThat(Json.mapper().readTree(firstResult.get()).get("status").asText()).isEqualTo("ok");
        } finally {
            new ProcessBuilder("umount", "-l", disk.toString()).inheritIO().start().waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** Mounts a 4 MB tmpfs on {@code dir}; null when done, else why not. */
    private static String mount(Path dir) throws InterruptedException {
        try {
            Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", dir.toString())
                    .redirectErrorStream(true).start();
            String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return p.waitFor() == 0 ? null : "mount exited " + p.exitValue() + ": " + said;
        } catch (IOException e) {
            return e.getMessage();
        }
    }

    /** Waits (at most 2 min) for results.jsonl's first line, then fills the disk; returns the file as it was. */
    private static String fillAfterFirstLine(Path results, Path filler) {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        try {
            while (System.nanoTime() < deadline) {
                if (Files.isRegularFile(results)) {
                    String text = Files.readString(results, StandardCharsets.UTF_8);
                    if (text.endsWith("\n")) {
                        fill(filler);
                        return text;
                    }
                }
                TimeUnit.MILLISECONDS.sleep(2);
            }
        } catch (IOException | InterruptedException e) {
            return null;
        }
        return null;
    }

    private static void fill(Path filler) throws IOException {
        byte[] block = new byte[64 * 1024];
        try (OutputStream out = Files.newOutputStream(filler)) {
            for (int i = 0; i < 4096; i++) {
                out.write(block);
                out.flush();
            }
        } catch (IOException full) {
            // the disk is full: what the test wants
        }
    }
}
