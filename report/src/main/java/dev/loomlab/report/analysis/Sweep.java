package dev.loomlab.report.analysis;

import dev.loomlab.core.result.Result;

import java.util.List;
import java.util.Optional;

/**
 * Results of one scenario that differ in one numeric quantity only — a parameter (tasks, sleep, profiles,
 * users …) or a model's size (the 200 of {@code platform:200}) — drawn as curves of a metric against it.
 *
 * @param axis the parameter's name, or {@link #SIZE} for a model-size sweep
 * @param axisLabel the axis as people read it, with its unit
 * @param fixed the parameters every point shares, as {@code name=value} text
 * @param metric the metric on the y axis
 * @param curves one per model (param sweep) or model kind (size sweep), and per JDK where several ran
 * @param references results at the same fixed parameters that are not on any curve (an unsized model
 *                   beside a pool-size sweep), drawn as horizontal lines
 */
public record Sweep(String scenario, String axis, String axisLabel, boolean logX, String fixed, String metric,
                    List<Curve> curves, List<Result> references) {
    /** The axis of a model-size sweep. */
    public static final String SIZE = "size";

    /**
     * @param points ascending in x, at least three
     * @param knee the point where the curve bends most ({@link Knee}), if it bends enough
     */
    public record Curve(String name, List<Point> points, Optional<Point> knee) {
    }

    /** One result at one x, its y the metric's mean. */
    public record Point(double x, double y, Result result) {
    }
}
