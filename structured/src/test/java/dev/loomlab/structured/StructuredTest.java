package dev.loomlab.structured;

import dev.loomlab.core.fanout.FanoutModelContract;
import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.outcome.TrialOutcome;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class StructuredTest extends FanoutModelContract {
    @Override
    protected String model() {
        return "structured";
    }

    @Test
    void structuredRunsBlockingTasksToo() throws InterruptedException {
        TrialOutcome o = run("sleep", Map.of("tasks", "100", "sleep", "50ms"));
        assertThat(o.status()).as(o.error()).isEqualTo(Status.OK);
        assertThat(o.iterations().get(0).metrics().get("wall_ms")).isGreaterThanOrEqualTo(50.0);
    }
}
