package dev.loomlab.report.html;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * What every page inlines: Apache ECharts (unpacked at build time from its webjar,
 * {@code org.webjars.npm:echarts}), the page's style sheet and the script that draws the charts.
 */
final class Assets {
    private static final String ECHARTS_PROPERTIES = "/dev/loomlab/report/html/echarts.properties";

    private Assets() {
    }

    /** The ECharts version the report module was built with. */
    static String echartsVersion() {
        return Holder.VERSION;
    }

    /** {@code echarts.min.js}, with its license header. */
    static String echarts() {
        return Holder.ECHARTS;
    }

    static String css() {
        return Holder.CSS;
    }

    static String script() {
        return Holder.SCRIPT;
    }

    private static String resource(String path) {
        try (InputStream in = Assets.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + path + " (a broken build of loomlab-report)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Loaded on first use only: a run that never renders HTML never reads the megabyte of ECharts. */
    private static final class Holder {
        static final String VERSION;
        static final String ECHARTS;
        static final String CSS = resource("/dev/loomlab/report/html/report.css");
        static final String SCRIPT = resource("/dev/loomlab/report/html/report.js");

        static {
            Properties p = new Properties();
            try (InputStream in = Assets.class.getResourceAsStream(ECHARTS_PROPERTIES)) {
                if (in == null) {
                    throw new IllegalStateException("missing resource " + ECHARTS_PROPERTIES);
                }
                p.load(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            VERSION = p.getProperty("version");
            ECHARTS = resource("/META-INF/resources/webjars/echarts/" + VERSION + "/dist/echarts.min.js");
        }
    }
}
