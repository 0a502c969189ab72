package dev.loomlab.jmeter;

import org.apache.jmeter.util.JMeterUtils;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * JMeter started inside this JVM from its Maven Central jars, with no downloaded distribution: a throw-away
 * JMETER_HOME whose {@code bin/jmeter.properties} holds what loomlab sets, loaded before any other JMeter class
 * — many of them read properties into static finals when they are first initialised.
 */
final class Embedded {
    /** Where the keystore's password comes from (JMeter's default, {@code changeit}, without it). */
    static final String KEYSTORE_PASSWORD_ENV = "LOOMLAB_RMI_KEYSTORE_PASSWORD";

    private Embedded() {
    }

    /** What every use sets: JMeter must not exit this JVM, and keeps each user's connection across its requests. */
    static Properties base(int maxBodyBytes) {
        Properties p = new Properties();
        // StandardJMeterEngine calls System.exit(1) when threads do not stop within 5 s of a stop (default true)
        p.setProperty("jmeterengine.stopfail.system.exit", "false");
        p.setProperty("jmeterengine.force.system.exit", "false");
        p.setProperty("jmeter.httpsampler", "HttpClient4");
        // keep-alive: a closed-model user keeps its connection from one request to the next
        p.setProperty("httpclient.reset_state_on_thread_group_iteration", "false");
        p.setProperty("httpclient4.retrycount", "0");
        p.setProperty("httpsampler.max_bytes_to_store_per_request", Integer.toString(maxBodyBytes));
        p.setProperty("summariser.name", "");
        return p;
    }

    /** RMI over SSL with {@code keystore} (also the truststore), or plain RMI when null: JMeter's documented opt-out. */
    static void rmi(Properties p, String keystore) {
        if (keystore == null) {
            p.setProperty("server.rmi.ssl.disable", "true");
            return;
        }
        String password = System.getenv(KEYSTORE_PASSWORD_ENV);
        password = password == null ? "changeit" : password;
        p.setProperty("server.rmi.ssl.disable", "false");
        p.setProperty("server.rmi.ssl.keystore.file", keystore);
        p.setProperty("server.rmi.ssl.keystore.password", password);
        p.setProperty("server.rmi.ssl.truststore.file", keystore);
        p.setProperty("server.rmi.ssl.truststore.password", password);
    }

    /** Writes the properties into a fresh JMETER_HOME and loads them; once per JVM, before any other JMeter class. */
    static void init(Properties p) throws IOException {
        Path home = Files.createTempDirectory("loomlab-jmeter-");
        Path bin = Files.createDirectories(home.resolve("bin"));
        Path file = bin.resolve("jmeter.properties");
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.ISO_8859_1)) {
            p.store(out, "written by loomlab for an embedded JMeter");
        }
        // deleted in reverse order of registration: the file, bin, the home
        home.toFile().deleteOnExit();
        bin.toFile().deleteOnExit();
        file.toFile().deleteOnExit();
        JMeterUtils.setJMeterHome(home.toString());
        JMeterUtils.loadJMeterProperties(file.toString());
        JMeterUtils.initLocale();
    }

    /** JMeter's version, e.g. {@code 5.6.3}. */
    static String version() {
        return JMeterUtils.getJMeterVersion();
    }
}
