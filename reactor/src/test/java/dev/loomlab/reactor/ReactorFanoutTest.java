package dev.loomlab.reactor;

import dev.loomlab.core.fanout.FanoutModelContract;
import dev.loomlab.core.outcome.Status;
import dev.loomlab.core.outcome.TrialOutcome;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ReactorFanoutTest extends FanoutModelContract {
    @Override
    protected String model() {
        return "reactor";
    }

    @Test
    void blockingWorkloadsAreNotApplicable() throws InterruptedException {
        TrialOutcome o = run("sleep", Map.of("tasks", "10", "sleep", "1ms"));
        assertThat(o.status()).isEqualTo(Status.NOT_APPLICABLE);
    }
}
