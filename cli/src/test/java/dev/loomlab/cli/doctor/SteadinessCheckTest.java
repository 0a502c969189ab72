package dev.loomlab.cli.doctor;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SteadinessCheckTest {
    @Test
    void aMachineWhoseWindowsPartByAFifthIsWarnedOf() {
        CpuSteadiness s = new CpuSteadiness(List.of(10.0, 10.0, 10.0, 10.0, 10.0, 10.0, 12.0, 12.0, 12.0, 12.0, 12.0, 12.0));
        Check c = SteadinessCheck.judge(s, Duration.ofSeconds(60), 2);
        assertThat(c.status()).isEqualTo(CheckStatus.WARN);
        assertThat(c.finding()).contains("on 2 threads for 1m: 12 rounds of 10.0–12.0 ms (median 11.0 ms, p99 12.0 ms; 0 over twice the median)")
                .contains("each sixth of them 20.0% apart");
        assertThat(c.consequence()).contains("within 1m this machine alone moved the speed of the same work by 20.0%");
        assertThat(c.fix()).isNotBlank();
        assertThat(c.facts()).containsEntry("rounds", 12).containsEntry("window_spread_pct", 20.0)
                .containsEntry("window_means_ms", List.of(10.0, 10.0, 10.0, 12.0, 12.0, 12.0));
    }

    /** 5% is the line: windows 4% and 5% apart are steady enough (5% as printed, whatever the last bit), 6% not. */
    @Test
    void fivePercentIsTheLine() {
        List<Double> five = new ArrayList<>(Collections.nCopies(5, 100.0));
        five.add(105.0);
        assertThat(SteadinessCheck.judge(new CpuSteadiness(five), Duration.ofSeconds(10), 1).status()).isEqualTo(CheckStatus.OK);
        List<Double> four = new ArrayList<>(Collections.nCopies(5, 100.0));
        four.add(104.0);
        List<Double> six = new ArrayList<>(Collections.nCopies(5, 100.0));
        six.add(106.0);
        assertThat(SteadinessCheck.judge(new CpuSteadiness(four), Duration.ofSeconds(10), 1).status()).isEqualTo(CheckStatus.OK);
        assertThat(SteadinessCheck.judge(new CpuSteadiness(six), Duration.ofSeconds(10), 1).status()).isEqualTo(CheckStatus.WARN);
        assertThat(SteadinessCheck.judge(new CpuSteadiness(four), Duration.ofSeconds(10), 1).fix()).isEmpty();
    }
}
