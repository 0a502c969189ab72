package dev.loomlab.core.process;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** One child process: its output read and its tail kept, and it and its own children killed. */
class ChildProcessTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    private static ProcessBuilder sh(String script) {
        return new ProcessBuilder("sh", "-c", script);
    }

    private static List<String> numbered(String prefix, int from, int to) {
        return IntStream.rangeClosed(from, to).mapToObj(i -> prefix + i).toList();
    }

    @Test
    void everyLineIsReadAndTheTailKeepsExactlyTheLastOnes() throws Exception {
        List<String> read = Collections.synchronizedList(new ArrayList<>());
        ChildProcess child = ChildProcess.start(sh("for i in $(seq 1 50); do echo line$i; done"), "test-pump", 20, read::add);

        assertThat(child.waitOrKill(LIMIT)).isTrue();
        assertThat(child.awaitOutput(LIMIT)).isTrue();
        assertThat(read).containsExactlyElementsOf(numbered("line", 1, 50));
        assertThat(child.tail()).containsExactlyElementsOf(numbered("line", 31, 50));
    }

    @Test
    void stderrIsReadWithStdoutAndDeclinedLinesStayOutOfTheTail() throws Exception {
        ChildProcess child = ChildProcess.start(sh("for i in $(seq 1 30); do echo out$i; echo '#progress' >&2; done"),
                "test-pump", 5, line -> !line.startsWith("#"));

        assertThat(child.waitOrKill(LIMIT)).isTrue();
        assertThat(child.awaitOutput(LIMIT)).isTrue();
        assertThat(child.tail()).containsExactlyElementsOf(numbered("out", 26, 30));
    }

    @Test
    void aReaderThatThrowsDoesNotStopThePump() throws Exception {
        AtomicInteger ends = new AtomicInteger();
        ChildProcess child = ChildProcess.start(sh("echo one; echo bad; echo two"), "test-pump", 10, new ChildProcess.Lines() {
            @Override
            public boolean take(String line) {
                if (line.equals("bad")) {
                    throw new IllegalArgumentException(line);
                }
                return true;
            }

            @Override
            public void end() {
                ends.incrementAndGet();
            }
        });

        assertThat(child.waitOrKill(LIMIT)).isTrue();
        assertThat(child.awaitOutput(LIMIT)).isTrue();
        assertThat(child.tail()).containsExactly("one", "bad", "two");
        assertThat(ends).hasValue(1);
    }

    @Test
    void killEndsTheChildAndTheProcessesItStarted() throws Exception {
        CompletableFuture<Long> grandchildPid = new CompletableFuture<>();
        // The shell starts a long sleep, says its pid, and waits for it.
        ChildProcess child = ChildProcess.start(sh("sleep 300 & echo $!; wait"), "test-pump", 10, line -> {
            grandchildPid.complete(Long.parseLong(line.trim()));
            return true;
        });
        long grandchild = grandchildPid.get(LIMIT.toSeconds(), TimeUnit.SECONDS);
        try {
            assertThat(alive(grandchild)).as("the grandchild runs before the kill").isTrue();

            child.kill();

            assertThat(child.isAlive()).isFalse();
            assertThat(aliveAfterWaiting(child.pid())).as("child").isFalse();
            assertThat(aliveAfterWaiting(grandchild)).as("grandchild").isFalse();
        } finally {
            ProcessHandle.of(grandchild).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void aChildStillRunningAtTheLimitIsKilled() throws Exception {
        long start = System.nanoTime();
        ChildProcess child = ChildProcess.start(sh("sleep 300"));

        assertThat(child.waitOrKill(Duration.ofMillis(300))).isFalse();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
        assertThat(aliveAfterWaiting(child.pid())).isFalse();
    }

    @Test
    void copyingKeepsStdoutAndStderrByteForByte() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        // CR LF, a NUL, a two-byte UTF-8 character and no final newline: a line reader would change each.
        ChildProcess child = ChildProcess.startCopying(sh("printf 'a\\r\\nb\\000c'; printf '\\303\\251 no newline' >&2"),
                "test-copy", out, err);

        assertThat(child.waitFor()).isZero();
        assertThat(child.awaitOutput(LIMIT)).isTrue();
        assertThat(out.toByteArray()).containsExactly('a', '\r', '\n', 'b', 0, 'c');
        assertThat(err.toByteArray()).isEqualTo("é no newline".getBytes(StandardCharsets.UTF_8));
        assertThat(child.tail()).isEmpty();
    }

    /** However the JVM that started a child ends short of SIGKILL, the child ends with it. */
    @ParameterizedTest
    @ValueSource(strings = {"return", "throw", "sigterm"})
    void aChildDiesWithTheJvmThatStartedIt(String how) throws Exception {
        Process parent = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), ExitingParent.class.getName(), how)
                .redirectErrorStream(true).start();
        long child = -1;
        try {
            String first = new BufferedReader(new InputStreamReader(parent.getInputStream(), StandardCharsets.UTF_8)).readLine();
            child = Long.parseLong(first.trim());
            if (how.equals("sigterm")) {
                parent.destroy();
            }
            assertThat(parent.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS)).as("the parent ended").isTrue();
            assertThat(aliveAfterWaiting(child)).as("its child sleeping 300 s").isFalse();
        } finally {
            parent.destroyForcibly();
            if (child > 0) {
                ProcessHandle.of(child).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    /** Starts a child sleeping 300 s, prints its pid, then ends as its argument says. */
    static final class ExitingParent {
        public static void main(String[] args) throws Exception {
            ChildProcess child = ChildProcess.start(new ProcessBuilder("sleep", "300"));
            System.out.println(child.pid());
            System.out.flush();
            switch (args[0]) {
                case "throw" -> throw new IllegalStateException("the parent fails");
                case "sigterm" -> Thread.sleep(LIMIT.toMillis());
                default -> {
                }
            }
        }
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /** Whether {@code pid} is still alive after up to 30 s for a killed process to be reaped by its new parent. */
    private static boolean aliveAfterWaiting(long pid) throws Exception {
        var handle = ProcessHandle.of(pid);
        if (handle.isEmpty()) {
            return false;
        }
        return handle.get().onExit().completeOnTimeout(handle.get(), 30, TimeUnit.SECONDS).get().isAlive();
    }
}
