package dev.loomlab.report.html;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.loomlab.core.result.Json;

/**
 * A self-contained HTML page: style, chart data, ECharts and the drawing script all inline, so the file
 * opens offline and can be mailed or archived alone. No element loads anything from elsewhere.
 */
final class HtmlPage {
    private HtmlPage() {
    }

    /**
     * @param body the page's content, already escaped
     * @param charts the charts whose placeholders the body holds
     */
    static String render(String title, String body, ChartSet charts) {
        String data;
        try {
            data = Json.mapper().writeValueAsString(charts.specs());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write chart data", e);
        }
        StringBuilder sb = new StringBuilder(Assets.echarts().length() + body.length() + data.length() + 20_000);
        sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"color-scheme\" content=\"light dark\">\n")
                .append("<meta name=\"generator\" content=\"loomlab\">\n")
                .append("<title>").append(Html.esc(title)).append("</title>\n")
                .append("<style>\n").append(Assets.css()).append("</style>\n")
                // First script of the page: whatever goes wrong later (in ECharts or our script) is kept
                // and shown in the render check, which the browser test reads.
                .append("<script>window.loomlabErrors=[];(function(){var e=console.error,w=console.warn;")
                .append("console.error=function(){window.loomlabErrors.push('error: '+Array.prototype.join.call(arguments,' '));return e.apply(console,arguments)};")
                .append("console.warn=function(){window.loomlabErrors.push('warn: '+Array.prototype.join.call(arguments,' '));return w.apply(console,arguments)};")
                .append("window.addEventListener('error',function(ev){window.loomlabErrors.push('uncaught: '+ev.message)});")
                .append("window.addEventListener('unhandledrejection',function(ev){window.loomlabErrors.push('unhandled: '+ev.reason)});")
                .append("})();</script>\n")
                .append("</head>\n<body>\n")
                .append(body)
                .append("<pre id=\"render-check\" hidden></pre>\n")
                .append("<script type=\"application/json\" id=\"chart-data\">").append(scriptSafe(data)).append("</script>\n")
                .append("<script>\n").append(scriptSafe(Assets.echarts())).append("\n</script>\n")
                .append("<script>\n").append(scriptSafe(Assets.script())).append("\n</script>\n")
                .append("</body>\n</html>\n");
        return sb.toString();
    }

    /**
     * Text that cannot end its script element early. In JSON, {@code <} only occurs inside strings, where
     * {@code \u003c} means the same; in ECharts' code it never precedes {@code /script} (checked here).
     */
    static String scriptSafe(String text) {
        if (text.startsWith("[") || text.startsWith("{")) {
            return text.replace("<", "\\u003c");
        }
        if (text.toLowerCase(java.util.Locale.ROOT).contains("</script")) {
            throw new IllegalStateException("script text contains </script");
        }
        return text;
    }
}
