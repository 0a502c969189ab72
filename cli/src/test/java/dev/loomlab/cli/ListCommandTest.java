package dev.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ListCommandTest {
    @TempDir
    Path classes;

    /** A services file naming a class that cannot load: 'list' still lists, and shows the broken plugin with its cause. */
    @Test
    void listShowsBrokenPluginsWithTheirCause() throws Exception {
        CliHarness.Outcome clean = CliHarness.run("list", "suites");
        assertThat(clean.exit()).isZero();
        assertThat(clean.out()).contains("quick").doesNotContain("Broken plugins")
                // a user task's own parameter (delay), which the scenario does not declare, is listed too
                .contains("task -m platform:10,virtual -p tasks=100 -p task=dev.loomlab.core.task.DemoTask -p delay=10ms");

        Files.createDirectories(classes.resolve("META-INF/services"));
        Files.writeString(classes.resolve("META-INF/services/dev.loomlab.core.scenario.ScenarioProvider"),
                "com.example.MissingScenarios\n");
        Thread thread = Thread.currentThread();
        ClassLoader old = thread.getContextClassLoader();
        CliHarness.Outcome o;
        try (URLClassLoader loader = new URLClassLoader(new URL[]{classes.toUri().toURL()}, old)) {
            thread.setContextClassLoader(loader);
            o = CliHarness.run("list", "suites");
        } finally {
            thread.setContextClassLoader(old);
        }
        assertThat(o.exit()).isZero();
        assertThat(o.out()).contains("quick")
                .contains("Broken plugins (not loaded in this JVM")
                .contains("  com.example.MissingScenarios (ScenarioProvider): ClassNotFoundException: com.example.MissingScenarios");
        assertThat(o.err()).isEqualTo("loomlab: plugin not loaded: com.example.MissingScenarios (ScenarioProvider): "
                + "ClassNotFoundException: com.example.MissingScenarios" + System.lineSeparator());
    }
}
