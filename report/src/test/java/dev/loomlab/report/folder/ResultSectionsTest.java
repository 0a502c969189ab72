package dev.loomlab.report.folder;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.bench.JmhRun;
import dev.loomlab.core.gc.GcSections;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.outcome.CallFailure;
import dev.loomlab.core.outcome.GcPause;
import dev.loomlab.core.outcome.JvmInfo;
import dev.loomlab.core.outcome.PinnedStack;
import dev.loomlab.core.outcome.PinnedStacks;
import dev.loomlab.core.result.Json;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.result.ResultJson;
import dev.loomlab.core.section.ResultSection;
import dev.loomlab.core.slo.SloVerdict;
import dev.loomlab.core.stats.GcPauseSummary;
import dev.loomlab.core.stats.Summary;
import dev.loomlab.load.Arm;
import dev.loomlab.load.LoadEngineInfo;
import dev.loomlab.load.Timeline;
import dev.loomlab.load.capacity.CapacitySearch;
import dev.loomlab.load.capacity.CapacityStep;
import dev.loomlab.load.capacity.KneeCause;
import dev.loomlab.load.service.ServiceFigures;
import dev.loomlab.prof.ResultProfile;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sections the reports read carry the field names docs/results.md documents, and a result holding every one
 * writes its fields in the documented order: the names come from the page, not from the code.
 */
class ResultSectionsTest {
    private static final Path RESULTS_MD = Path.of(System.getProperty("loomlab.home", ".."), "docs", "results.md");
    private static final Pattern FIELD = Pattern.compile("`([a-z_0-9]+)`");

    /** The fields of a results.jsonl line as the page's table lists them, in its order. */
    private static List<String> documentedFields() throws IOException {
        String page = Files.readString(RESULTS_MD);
        int start = page.indexOf("## One line of results.jsonl");
        int end = page.indexOf("### Metrics", start);
        assertThat(start).as("the contract's section of " + RESULTS_MD).isNotNegative();
        List<String> fields = new ArrayList<>();
        for (String row : page.substring(start, end).lines().filter(l -> l.startsWith("| `")).toList()) {
            Matcher m = FIELD.matcher(row.split("\\|")[1]);
            while (m.find()) {
                fields.add(m.group(1));
            }
        }
        return fields;
    }

    @Test
    void eachSectionCarriesItsDocumentedNameAndEveryDocumentedSectionHasItsKey() throws IOException {
        List<String> documented = documentedFields();
        List<String> core = List.of(Result.class.getAnnotation(JsonPropertyOrder.class).value());
        assertThat(documented).as("documented fields").containsAll(core);
        List<String> sections = documented.stream().filter(f -> !core.contains(f)).toList();
        assertThat(ResultsFolder.SECTIONS).extracting(ResultSection::name).containsExactlyInAnyOrderElementsOf(sections);
    }

    @Test
    void aResultWithEverySectionWritesTheDocumentedFieldsInTheDocumentedOrder() throws IOException {
        Result r = everything();
        JsonNode line = Json.mapper().readTree(ResultJson.toLine(r));
        List<String> written = new ArrayList<>();
        line.fieldNames().forEachRemaining(written::add);
        assertThat(written).containsExactlyElementsOf(documentedFields());
        Result back = ResultJson.fromLine(line.toString());
        assertThat(back).isEqualTo(r);
        for (ResultSection<?> key : ResultsFolder.SECTIONS) {
            assertThat(back.sections().json(key.name())).as(key.name()).isEqualTo(line.get(key.name()));
        }
        assertThat(back.section(CapacitySearch.SECTION)).isEqualTo(r.section(CapacitySearch.SECTION));
        assertThat(back.section(LoadEngineInfo.SECTION)).isEqualTo(r.section(LoadEngineInfo.SECTION));
        assertThat(back.section(Arm.SECTION)).isEqualTo(r.section(Arm.SECTION));
    }

    /** A result that holds every core field and every section the reports read, each set in another order than written. */
    private static Result everything() {
        ServiceFigures service = new ServiceFigures("http://127.0.0.1:9464/metrics", 10, 12.0, 200.0, 3.0, 0.0, 10.0, 41.5, 2, 63.0,
                0.4);
        CapacityStep step = new CapacityStep(1000, true, List.of(), 998, 10_000, 0, 1.0, 2.0, 3.0, 4.0, 5.0, 0.2, 10, false, false,
                null, 35.0, Map.of("timeout", 3L), 1000, 0, 1.2, service);
        KneeCause knee = new KneeCause(KneeCause.THREAD_POOL, "200 of 200 threads busy at 2,000/s",
                Map.of("rate_per_s", 2000, "threads_busy", 200, "threads_max", 200));
        return Result.builder("web", "mvc-virtual")
                .section(ServiceFigures.SECTION, service)
                .section(KneeCause.SECTION, knee)
                .section(LoadEngineInfo.SECTION, new LoadEngineInfo("jmeter", "5.6.3", "from the actual send", List.of()))
                .section(Arm.SECTION, new Arm("virtual", List.of("-Dthreads=virtual"), Map.of("K", "V"), "/jdk"))
                .section(CapacitySearch.SECTION, List.of(new CapacitySearch("p99<500ms", 5, 1000, 998.0, 1000.0, 2000.0, 60_000.0,
                        false, List.of(step), null, knee)))
                .modelInfo(ModelCatalog.load().create("virtual")).form("server").params(Map.of("users", 10))
                .jvm(new JvmInfo("25.0.3+9-LTS", "Eclipse Adoptium", "/jdk", List.of())).rounds(1, 1, 3)
                .section(SloVerdict.SECTION, new SloVerdict("p99<500ms", true, List.of()))
                .section(CallFailure.SECTION, new CallFailure("java.io.IOException", "reset"))
                .metrics(Map.of("wall_ms", Summary.of(new double[]{10, 11, 12})))
                .bound(10.0, 10 / 11.0, 1.0)
                .published(Result.PublishedFigure.of("003", "title", "wall_ms", 12, "laptop", "one run"))
                .logs(List.of("logs/a.log"))
                .section(ResultProfile.SECTION, List.of(new ResultProfile(1, "jfr", null, List.of("a.jfr"), null, null,
                        List.of(), null, null, "no pinning")))
                .section(JmhRun.SECTION, new JmhRun("b", "avgt", 1.0, null, "ms/op", 1, 1, "1 s", 3, "1 s"))
                .histograms(Map.of("task_latency_ms", "HISTFAAAA"))
                .section(GcSections.PAUSE_MS, GcPauseSummary.of(List.of(new GcPause(1, GcPause.Kind.YOUNG, 2.5))))
                .section(GcSections.COLLECTOR, "G1")
                .section(PinnedStacks.SECTION, List.of(new PinnedStack(2, 3.5, List.of("java.lang.Object.wait"))))
                .section(Timeline.SECTION, List.of(new Timeline(1, List.of(new Timeline.Point(1.0, 900.0, 0.0, 4.5, 40.0, 250.0,
                        30.0, 28.0, 3.0, 8.0, 0.0, 2.0, 0.4)))))
                .build();
    }
}
