package dev.loomlab.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A broken plugin is left out, but remembered with its cause and said once on stderr. */
class PluginsTest {
    @TempDir
    Path classes;

    public interface Greeter {
        String greet();
    }

    public static final class Hello implements Greeter {
        @Override
        public String greet() {
            return "hello";
        }
    }

    public static final class FailsToInitialize implements Greeter {
        static {
            if (Boolean.parseBoolean("true")) {
                throw new IllegalStateException("no greeting today");
            }
        }

        @Override
        public String greet() {
            return "never";
        }
    }

    public static final class NotAGreeter {
    }

    private static final String PREFIX = PluginsTest.class.getName() + "$";

    @Test
    void brokenProvidersAreLeftOutRememberedAndSaidOnce() throws Exception {
        Files.createDirectories(classes.resolve("META-INF/services"));
        Files.writeString(classes.resolve("META-INF/services/" + Greeter.class.getName()), String.join("\n",
                "# providers of the test service",
                PREFIX + "Hello",
                "com.example.NoSuchGreeter   # a class that is not there",
                PREFIX + "Newer",
                PREFIX + "FailsToInitialize",
                PREFIX + "NotAGreeter",
                PREFIX + "Hello"));
        writeClassForNewerJava("Newer");

        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream oldErr = System.err;
        List<Greeter> first;
        List<Greeter> second;
        try (URLClassLoader loader = new URLClassLoader(new URL[]{classes.toUri().toURL()}, PluginsTest.class.getClassLoader())) {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            first = Plugins.load(Greeter.class, loader);
            second = Plugins.load(Greeter.class, loader);
        } finally {
            System.setErr(oldErr);
        }

        assertThat(first).extracting(Greeter::greet).containsExactly("hello");
        assertThat(second).extracting(Greeter::greet).containsExactly("hello");
        List<Plugins.Broken> broken = Plugins.broken().stream().filter(b -> b.service().equals(Greeter.class.getName())).toList();
        assertThat(broken).extracting(Plugins.Broken::provider)
                .containsExactly("com.example.NoSuchGreeter", PREFIX + "Newer", PREFIX + "FailsToInitialize", PREFIX + "NotAGreeter");
        assertThat(broken.get(0).cause()).isEqualTo("ClassNotFoundException: com.example.NoSuchGreeter");
        assertThat(broken.get(1).cause()).startsWith("UnsupportedClassVersionError: ").contains("more recent version");
        assertThat(broken.get(2).cause()).isEqualTo("IllegalStateException: no greeting today");
        assertThat(broken.get(3).cause()).isEqualTo("not a " + Greeter.class.getName());
        // one line per broken provider, the first time only
        List<String> lines = err.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines).hasSize(4).allSatisfy(l -> assertThat(l).startsWith("loomlab: plugin not loaded: "));
        assertThat(lines.get(0)).isEqualTo("loomlab: plugin not loaded: com.example.NoSuchGreeter (PluginsTest$Greeter): "
                + "ClassNotFoundException: com.example.NoSuchGreeter");
    }

    /** Why {@link Plugins} reads the services files itself: the JDK's stream ends at the first provider it cannot load. */
    @Test
    void theJdksServiceLoaderStreamStopsAtAProviderThisJvmCannotLoadWherePluginsGoesOn() throws Exception {
        Files.createDirectories(classes.resolve("META-INF/services"));
        Files.writeString(classes.resolve("META-INF/services/" + Greeter.class.getName()),
                PREFIX + "Newer\n" + PREFIX + "Hello\n");
        writeClassForNewerJava("Newer");
        PrintStream oldErr = System.err;
        try (URLClassLoader loader = new URLClassLoader(new URL[]{classes.toUri().toURL()}, PluginsTest.class.getClassLoader())) {
            System.setErr(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            assertThatThrownBy(() -> ServiceLoader.load(Greeter.class, loader).stream().map(ServiceLoader.Provider::get).toList())
                    .isInstanceOf(Error.class).hasStackTraceContaining("UnsupportedClassVersionError");
            assertThat(Plugins.load(Greeter.class, loader)).extracting(Greeter::greet).containsExactly("hello");
        } finally {
            System.setErr(oldErr);
        }
    }

    /** The class file of {@link Hello}, renamed to {@code name} (same length) and marked for a Java far newer than this one. */
    private void writeClassForNewerJava(String name) throws Exception {
        byte[] bytes;
        try (InputStream in = PluginsTest.class.getResourceAsStream("PluginsTest$Hello.class")) {
            bytes = in.readAllBytes();
        }
        byte[] from = "PluginsTest$Hello".getBytes(StandardCharsets.US_ASCII);
        byte[] to = ("PluginsTest$" + name).getBytes(StandardCharsets.US_ASCII);
        assertThat(to).hasSameSizeAs(from);
        for (int i = 0; i + from.length <= bytes.length; i++) {
            if (java.util.Arrays.equals(bytes, i, i + from.length, from, 0, from.length)) {
                System.arraycopy(to, 0, bytes, i, to.length);
            }
        }
        bytes[6] = 0;
        bytes[7] = (byte) 200; // class file major version 200
        Path file = classes.resolve(PluginsTest.class.getPackageName().replace('.', '/')).resolve("PluginsTest$" + name + ".class");
        Files.createDirectories(file.getParent());
        Files.write(file, bytes);
    }
}
