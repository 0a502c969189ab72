package dev.loomlab.cli.doctor;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code net.core.somaxconn}, the cap on every listening socket's accept queue, against the connects the plan
 * makes at once. A connect that finds the queue full is dropped and retried by the client's kernel a second
 * later (then 3 s, 7 s …). Every server loomlab starts asks for a backlog of 65,535, so somaxconn decides; echo
 * keeps 512 connects in flight, web and http-get connect all their users or tasks at once.
 */
final class BacklogCheck implements MachineCheck {
    static final String NAME = "somaxconn";

    @Override
    public Check judge(MachineFacts facts, Needs needs) {
        Needs.Need need = needs.connectsAtOnce();
        Map<String, Object> raw = new LinkedHashMap<>();
        raw.put("somaxconn", OpenFileFacts.value(facts.net().somaxconn()));
        raw.put("connects_at_once", need.amount());
        raw.put("needed_by", need.result().isEmpty() ? null : need.result());
        if (facts.net().somaxconn().isEmpty()) {
            return Check.of(NAME, CheckStatus.INFO, "net.core.somaxconn " + Words.UNAVAILABLE, "", "", raw);
        }
        long cap = facts.net().somaxconn().getAsLong();
        String finding = "net.core.somaxconn " + cap + " (the longest accept queue a server gets)";
        if (need.amount() > cap) {
            return Check.of(NAME, CheckStatus.WARN, finding, need.result() + ": " + need.why() + ", more than the queue"
                            + " holds: connects beyond it wait for a retransmitted SYN (1 s, then 3 s …), which lengthens the connect"
                            + " times inside the figures (echo's task latency; the first requests of http-get and web, in their"
                            + " warm-up where they have one)",
                    "sudo sysctl -w net.core.somaxconn=" + Words.roundUp(need.amount()) + " net.ipv4.tcp_max_syn_backlog="
                            + Words.roundUp(need.amount()), raw);
        }
        return Check.of(NAME, CheckStatus.OK, finding, need.amount() == 0 ? "no result of this plan connects many clients at once"
                : need.result() + ": " + need.why() + "; the queue holds them", "", raw);
    }
}
