package dev.loomlab.cli.doctor;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One machine check, judged: what was found, what it means for loomlab's figures, and how to change it.
 *
 * @param name        a stable name, e.g. {@code open-files}
 * @param finding     what the machine has, e.g. {@code ulimit -n: soft 1024, hard 1024}
 * @param consequence what that means for the planned results' figures
 * @param fix         a command or setting that changes it; empty when nothing needs changing
 * @param facts       the raw facts the check read, for machines (name → number, text or null)
 */
public record Check(String name, CheckStatus status, String finding, String consequence, String fix, Map<String, Object> facts) {
    public Check {
        facts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(facts));
    }

    static Check of(String name, CheckStatus status, String finding, String consequence, String fix, Map<String, Object> facts) {
        return new Check(name, status, finding, consequence, fix, facts);
    }

    /** As {@code loomlab doctor --json} writes it. */
    public Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("status", status.text());
        m.put("finding", finding);
        m.put("consequence", consequence);
        m.put("fix", fix.isEmpty() ? null : fix);
        m.put("facts", facts);
        return m;
    }
}
