package dev.loomlab.core.prof;

import dev.loomlab.core.BadInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** async-profiler's native library: found in its jar for the platform, extracted once, whole. */
class AsyncProfilerLibraryTest {

    @TempDir
    Path dir;

    private static byte[] jarEntry(String name) throws Exception {
        try (InputStream in = one.profiler.AsyncProfiler.class.getResourceAsStream("/" + name)) {
            assertThat(in).as(name + " in the async-profiler jar").isNotNull();
            return in.readAllBytes();
        }
    }

    @ParameterizedTest
    @CsvSource({
            "Linux, amd64, linux-x64",
            "Linux, x86_64, linux-x64",
            "Linux, aarch64, linux-arm64",
            "Mac OS X, aarch64, macos",
            "Mac OS X, x86_64, macos",
    })
    void thePlatformsTheJarShipsAreSupported(String os, String arch, String platform) {
        AsyncProfilerLibrary library = AsyncProfilerLibrary.of(os, arch);
        assertThat(library.supported()).isTrue();
        assertThat(library.platform()).isEqualTo(platform);
        assertThat(library.requireSupported()).isSameAs(library);
    }

    @ParameterizedTest
    @CsvSource({
            "Windows 11, amd64",
            "Linux, ppc64le",
            "Linux, arm",
            "FreeBSD, amd64",
    })
    void anotherPlatformIsBadInputInOneLine(String os, String arch) {
        AsyncProfilerLibrary library = AsyncProfilerLibrary.of(os, arch);
        assertThat(library.supported()).isFalse();
        assertThatThrownBy(library::requireSupported)
                .isInstanceOf(BadInputException.class)
                .hasMessage("async-profiler has no library for " + os + "/" + arch);
        assertThatThrownBy(() -> library.extractTo(dir)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void theExtractedLibraryIsTheJarsAndIsReusedOnceThere() throws Exception {
        AsyncProfilerLibrary library = AsyncProfilerLibrary.of("Linux", "amd64");
        Path first = library.extractTo(dir.resolve("lib"));
        Object fileKey = Files.readAttributes(first, BasicFileAttributes.class).fileKey();
        Path second = library.extractTo(dir.resolve("lib"));

        assertThat(Files.readAllBytes(first)).isEqualTo(jarEntry("linux-x64/libasyncProfiler.so"));
        assertThat(second).isEqualTo(first);
        assertThat(Files.readAttributes(second, BasicFileAttributes.class).fileKey()).as("the same file, not rewritten").isEqualTo(fileKey);
        assertThat(first.getFileName().toString()).matches("libasyncProfiler-linux-x64-[0-9a-f]{16}\\.so");
        // another platform's library has other content, so another name
        Path arm = AsyncProfilerLibrary.of("Linux", "aarch64").extractTo(dir.resolve("lib"));
        assertThat(arm).isNotEqualTo(first);
        assertThat(Files.readAllBytes(arm)).isEqualTo(jarEntry("linux-arm64/libasyncProfiler.so"));
    }

    @Test
    void extractionsAtOnceAllGetTheWholeLibraryAndLeaveNoTemporaryFile() throws Exception {
        AsyncProfilerLibrary library = AsyncProfilerLibrary.of("Linux", "amd64");
        Path lib = dir.resolve("lib");
        int extractors = 8;
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Path>> paths = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(extractors)) {
            for (int i = 0; i < extractors; i++) {
                Callable<Path> extract = () -> {
                    go.await();
                    return library.extractTo(lib);
                };
                paths.add(pool.submit(extract));
            }
            go.countDown();
        }
        byte[] expected = jarEntry("linux-x64/libasyncProfiler.so");
        for (Future<Path> p : paths) {
            assertThat(Files.readAllBytes(p.get())).isEqualTo(expected);
        }
        try (Stream<Path> files = Files.list(lib)) {
            assertThat(files).containsExactly(paths.getFirst().get());
        }
    }

    @Test
    void aDirectoryThatCannotBeMadeFailsTheExtraction() throws Exception {
        Path file = Files.writeString(dir.resolve("file"), "x");
        assertThatThrownBy(() -> AsyncProfilerLibrary.of("Linux", "amd64").extractTo(file.resolve("lib")))
                .isInstanceOf(java.io.IOException.class);
    }
}
