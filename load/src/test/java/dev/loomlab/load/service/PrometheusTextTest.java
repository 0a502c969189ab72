package dev.loomlab.load.service;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Prometheus's text format 0.0.4, as clients write it, read sample by sample; anything else refused with its line. */
class PrometheusTextTest {
    @Test
    void samplesAreReadWithTheirLabelsAndValuesAndCommentsAreSkipped() throws Exception {
        String text = """
                # HELP tomcat_threads_busy_threads \s
                # TYPE tomcat_threads_busy_threads gauge
                tomcat_threads_busy_threads{name="http-nio-8080",} 200.0
                jvm_gc_pause_seconds_sum{action="end of minor GC",cause="G1 Evacuation Pause",gc="G1 Young Generation"} 0.123 1712345678901
                http_server_requests_seconds_count{uri="/a\\"b\\\\c\\nd", status = "200"} 12
                process_cpu_usage NaN
                le_inf{le="+Inf"} +Inf
                neg -Inf
                exemplar_total 3 # {trace_id="abc"} 1.0
                # EOF
                """;
        List<PrometheusText.Sample> samples = PrometheusText.parse(text);
        assertThat(samples).extracting(PrometheusText.Sample::name).containsExactly("tomcat_threads_busy_threads",
                "jvm_gc_pause_seconds_sum", "http_server_requests_seconds_count", "process_cpu_usage", "le_inf", "neg",
                "exemplar_total");
        assertThat(samples.get(0).labels()).isEqualTo(Map.of("name", "http-nio-8080"));
        assertThat(samples.get(0).value()).isEqualTo(200.0);
        assertThat(samples.get(1).labels()).containsEntry("gc", "G1 Young Generation").hasSize(3);
        assertThat(samples.get(1).value()).isEqualTo(0.123);
        assertThat(samples.get(2).labels()).containsEntry("uri", "/a\"b\\c\nd").containsEntry("status", "200");
        assertThat(samples.get(3).value()).isNaN();
        assertThat(samples.get(4).value()).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(samples.get(5).value()).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(samples.get(6).value()).isEqualTo(3.0);
    }

    @Test
    void aPageThatIsNotPrometheusTextIsRefusedNamingItsLine() {
        assertThatThrownBy(() -> PrometheusText.parse("<!DOCTYPE html>\n<html><body>hello</body></html>\n"))
                .isInstanceOf(PrometheusText.NotPrometheusText.class).hasMessageContaining("line 1");
        assertThatThrownBy(() -> PrometheusText.parse("{\"status\":\"UP\"}"))
                .isInstanceOf(PrometheusText.NotPrometheusText.class);
        assertThatThrownBy(() -> PrometheusText.parse("# HELP x\nup{job=\"a\" 1\n"))
                .isInstanceOf(PrometheusText.NotPrometheusText.class).hasMessageContaining("line 2");
        assertThatThrownBy(() -> PrometheusText.parse("up one\n")).hasMessageContaining("'one' is not a number");
        assertThatThrownBy(() -> PrometheusText.parse("# only comments\n\n")).hasMessageContaining("no sample");
        assertThatThrownBy(() -> PrometheusText.parse("")).hasMessageContaining("no sample");
    }
}
