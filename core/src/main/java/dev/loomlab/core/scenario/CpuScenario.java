package dev.loomlab.core.scenario;

import dev.loomlab.core.model.Model;
import dev.loomlab.core.param.ParamValues;

/**
 * A scenario of pure computation: its bound is one task's serial CPU time × tasks spread over
 * min(cores, concurrency), and it reports the scheduling overhead beyond that bound.
 */
abstract class CpuScenario implements Scenario {

    @Override
    public final double boundMs(ParamValues p, Model model, BoundContext context) {
        if (Double.isNaN(context.serialTaskMs())) {
            return Double.NaN;
        }
        return Bounds.computing(p.intCount("tasks"), context.serialTaskMs(), model, context.cores());
    }

    @Override
    public final boolean needsSerialTiming() {
        return true;
    }

    @Override
    public final boolean reportsSchedulingOverhead() {
        return true;
    }
}
