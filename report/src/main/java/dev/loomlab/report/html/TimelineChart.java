package dev.loomlab.report.html;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomlab.core.result.Json;
import dev.loomlab.load.Timeline;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A load run second by second ({@link Timeline}): panels stacked on one time axis — what the load met (answers and
 * errors a second, the second's p99) above what the server used (CPU, memory, pauses, threads and pool) and how its
 * virtual-thread scheduler kept up. A panel whose
 * figures the server did not give is left out.
 */
final class TimelineChart {
    private TimelineChart() {
    }

    private record Line(String name, Function<Timeline.Point, Double> figure) {
    }

    private static final Map<String, List<Line>> PANELS = panels();

    private static Map<String, List<Line>> panels() {
        Map<String, List<Line>> out = new LinkedHashMap<>();
        out.put("answers / s", List.of(new Line("ok", Timeline.Point::okPerS), new Line("errors", Timeline.Point::errorsPerS)));
        out.put("p99 ms", List.of(new Line("p99 of the second", Timeline.Point::p99Ms)));
        out.put("server CPU %", List.of(new Line("CPU % of all cores", Timeline.Point::cpuPct)));
        out.put("server MB", List.of(new Line("resident set", Timeline.Point::rssMb),
                new Line("heap after GC", Timeline.Point::heapAfterGcMb)));
        out.put("GC pause ms", List.of(new Line("pauses in the second", Timeline.Point::gcPauseMs)));
        out.put("threads, connections", List.of(new Line("OS threads", Timeline.Point::threads),
                new Line("pool in use", Timeline.Point::poolActive), new Line("pool waiting", Timeline.Point::poolPending)));
        out.put("virtual-thread scheduler", List.of(new Line("queued for a carrier", Timeline.Point::vtQueued),
                new Line("1 ms timer late, ms (p99)", Timeline.Point::timerLateMs)));
        return out;
    }

    static ObjectNode spec(String title, Timeline timeline) {
        ObjectNode spec = Json.mapper().createObjectNode();
        spec.put("kind", "timeline");
        spec.put("title", title);
        spec.put("xName", "seconds of the measured load");
        spec.put("xMax", timeline.points().isEmpty() ? 1 : Math.ceil(timeline.points().getLast().tS()));
        ArrayNode panels = spec.putArray("panels");
        PANELS.forEach((yName, lines) -> {
            ObjectNode panel = Json.mapper().createObjectNode();
            panel.put("yName", yName);
            ArrayNode series = panel.putArray("series");
            for (Line line : lines) {
                ArrayNode points = Json.mapper().createArrayNode();
                for (Timeline.Point p : timeline.points()) {
                    Double v = line.figure().apply(p);
                    if (v != null && !v.isNaN()) {
                        points.addArray().add(p.tS()).add(v);
                    }
                }
                if (!points.isEmpty()) {
                    series.addObject().put("name", line.name()).set("points", points);
                }
            }
            if (!series.isEmpty()) {
                panels.add(panel);
            }
        });
        return spec;
    }
}
