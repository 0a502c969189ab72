package dev.loomlab.load.service;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The names {@link SaturationNames} lists, read from an endpoint's text: Spring Boot's actuator (Micrometer's names for
 * Tomcat, HikariCP, executors, CPU and GC) and loomlab serve's own gauges; every other name ignored.
 */
class PrometheusSaturationTest {
    /** Lines as Spring Boot's /actuator/prometheus writes them (Micrometer's Prometheus registry). */
    private static final String ACTUATOR = """
            # HELP tomcat_threads_busy_threads \s
            # TYPE tomcat_threads_busy_threads gauge
            tomcat_threads_busy_threads{name="http-nio-8080"} 197.0
            # TYPE tomcat_threads_config_max_threads gauge
            tomcat_threads_config_max_threads{name="http-nio-8080"} 200.0
            # TYPE executor_active_threads gauge
            executor_active_threads{name="applicationTaskExecutor"} 1.0
            executor_active_threads{name="reports"} 7.0
            # TYPE executor_pool_max_threads gauge
            executor_pool_max_threads{name="applicationTaskExecutor"} 2.147483647E9
            executor_pool_max_threads{name="reports"} 8.0
            hikaricp_connections_active{pool="HikariPool-1"} 10.0
            hikaricp_connections_pending{pool="HikariPool-1"} 35.0
            hikaricp_connections_max{pool="HikariPool-1"} 10.0
            process_cpu_usage 0.8125
            system_cpu_count 4.0
            jvm_gc_pause_seconds_count{action="end of minor GC",cause="G1 Evacuation Pause",gc="G1 Young Generation"} 40
            jvm_gc_pause_seconds_sum{action="end of minor GC",cause="G1 Evacuation Pause",gc="G1 Young Generation"} 0.25
            jvm_gc_pause_seconds_sum{action="end of major GC",cause="G1 Compaction Pause",gc="G1 Old Generation"} 0.5
            http_server_requests_seconds_count{status="200",uri="/get"} 123456
            """;

    @Test
    void theFullestPoolOfEachKindAndTheCpuAndGcFiguresAreRead() throws Exception {
        Saturation s = PrometheusSaturation.of(PrometheusText.parse(ACTUATOR), 42);
        // Tomcat's 197 of 200 (98.5%) is fuller than the executors' 7 of 8 (87.5%) and 1 of 2^31
        assertThat(s).extracting(Saturation::threadsBusy, Saturation::threadsMax, Saturation::poolActive, Saturation::poolPending,
                Saturation::poolMax).containsExactly(197.0, 200.0, 10.0, 35.0, 10.0);
        assertThat(s.cpuRatio()).isEqualTo(0.8125);
        assertThat(s.cores()).isEqualTo(4.0);
        // the pause time summed over every collector and cause
        assertThat(s.gcPauseSeconds()).isEqualTo(0.75);
        assertThat(s.cpuSeconds()).isNaN();
        assertThat(s.nanos()).isEqualTo(42);
    }

    @Test
    void loomlabServesOwnGaugesAreReadAndAPoolWithoutItsMaximumIsNot() throws Exception {
        Saturation s = PrometheusSaturation.of(PrometheusText.parse("""
                loomlab_server_threads_busy 4
                loomlab_server_threads_max 4
                loomlab_server_pool_active 5
                loomlab_server_pool_pending 0
                loomlab_server_pool_max 5
                loomlab_server_cpu_ratio 0.25
                loomlab_server_gc_pause_ratio 0.02
                process_cpu_seconds_total 12.5
                hikaricp_connections_active{pool="orphan"} 3
                """), 0);
        assertThat(s.threadsBusy()).isEqualTo(4.0);
        assertThat(s.threadsMax()).isEqualTo(4.0);
        assertThat(s.poolActive()).isEqualTo(5.0);
        assertThat(s.poolPending()).isZero();
        assertThat(s.poolMax()).isEqualTo(5.0);
        assertThat(s.cpuRatio()).isEqualTo(0.25);
        assertThat(s.gcPauseRatio()).isEqualTo(0.02);
        assertThat(s.cpuSeconds()).isEqualTo(12.5);
    }

    @Test
    void anEndpointWithNoneOfTheNamesTellsNothing() throws Exception {
        Saturation s = PrometheusSaturation.of(PrometheusText.parse("http_requests_total{code=\"200\"} 7\nup 1\n"), 0);
        assertThat(s.toldAnything()).isFalse();
    }
}
