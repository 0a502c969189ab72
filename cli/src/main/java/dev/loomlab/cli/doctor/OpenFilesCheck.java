package dev.loomlab.cli.doctor;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The open-file limit against the sockets the plan holds. Every JVM raises its soft limit to the hard one when it
 * starts (HotSpot's {@code MaxFDLimit}), and the launcher raises the hard one as far as it may: so the hard limit
 * this process inherited is what each trial and server JVM gets. Client and server run in two JVMs (echo, web,
 * http-get), each holding one socket per connection; what becomes of a result short of them is what its scenario
 * declares, else its sockets beyond the limit fail.
 */
final class OpenFilesCheck implements MachineCheck {
    static final String NAME = "open-files";

    @Override
    public Check judge(MachineFacts facts, Needs needs) {
        OpenFileFacts files = facts.openFiles();
        Map<String, Object> raw = new LinkedHashMap<>(files.json());
        Needs.Need need = needs.sockets();
        long required = need.amount() + Needs.OPEN_FILE_MARGIN;
        raw.put("needed_per_process", required);
        raw.put("needed_by", need.result().isEmpty() ? null : need.result());
        OptionalLong effective = files.hard().isPresent() ? files.hard() : files.soft();
        if (effective.isEmpty()) {
            return Check.of(NAME, CheckStatus.INFO, "open-file limit " + Words.UNAVAILABLE, need.amount() == 0 ? ""
                    : need.result() + " needs " + required + " open files in each of its JVMs; whether it has them cannot be read here",
                    "", raw);
        }
        long limit = effective.getAsLong();
        String finding = "ulimit -n: soft " + Words.limit(files.soft()) + ", hard " + Words.limit(files.hard())
                + (files.nrOpen().isPresent() ? " (fs.nr_open " + files.nrOpen().getAsLong() + ")" : "");
        if (need.amount() == 0) {
            return Check.of(NAME, CheckStatus.OK, finding, "no result of this plan holds many sockets", "", raw);
        }
        String asked = need.result() + ": " + need.why() + "; each JVM needs " + required + " open files ("
                + Needs.OPEN_FILE_MARGIN + " for its own)";
        if (limit >= required) {
            long total = 2 * required;
            if (files.fileMax().isPresent() && files.fileMax().getAsLong() < total) {
                return Check.of(NAME, CheckStatus.WARN, finding + ", fs.file-max " + files.fileMax().getAsLong(),
                        asked + ", " + total + " in all, above the system's fs.file-max: opens beyond it fail",
                        "sudo sysctl -w fs.file-max=" + Words.roundUp(total * 2), raw);
            }
            return Check.of(NAME, CheckStatus.OK, finding, asked + ", within the limit", "", raw);
        }
        String consequence = asked + "; with " + limit + ", " + need.whenShort(limit)
                .orElse("sockets beyond it fail ('Too many open files') and count as errors");
        long target = Words.roundUp(required);
        String fix = "ulimit -n " + target + " in the shell that starts ./loomlab";
        if (files.hard().isPresent() && files.hard().getAsLong() < target) {
            boolean privileged = facts.kernel().mayRaiseHardLimits().orElse(false);
            fix += (privileged ? "" : " (above the hard limit " + files.hard().getAsLong() + ", which needs root:")
                    + (privileged ? " (" : " ") + "ulimit -Hn " + target + " as root; to keep it: '* - nofile " + target
                    + "' in /etc/security/limits.conf, LimitNOFILE=" + target + " in a systemd unit, docker run --ulimit nofile="
                    + target + ":" + target + ")";
        }
        if (files.nrOpen().isPresent() && files.nrOpen().getAsLong() < target) {
            fix += "; first raise the kernel's ceiling: sudo sysctl -w fs.nr_open=" + target;
        }
        return Check.of(NAME, CheckStatus.FAIL, finding, consequence, fix, raw);
    }
}
