package dev.loomlab.load.service;

import dev.loomlab.core.cpu.CpuList;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How busy some of this machine's CPUs were, whoever used them: the jiffies {@code /proc/stat} counts per CPU, read
 * twice. A service whose own CPU is below its cores while those cores are busy with other processes (a generator on
 * the same cores, anything else) has run out of CPU as surely as one that used it all.
 */
final class CpuTimes {
    private static final Path STAT = Path.of("/proc/stat");

    /** Busy and total jiffies of the CPUs read, summed; both -1 where {@code /proc/stat} cannot be read. */
    record Reading(long busy, long total) {
        static final Reading NONE = new Reading(-1, -1);

        /** The share of the time since {@code before} these CPUs were busy, 0..1; NaN when either reading is none. */
        double busySince(Reading before) {
            if (busy < 0 || before.busy < 0 || total <= before.total) {
                return Double.NaN;
            }
            return (double) (busy - before.busy) / (total - before.total);
        }
    }

    private CpuTimes() {
    }

    /** The CPUs {@code cpus} now. */
    static Reading of(CpuList cpus) {
        try {
            long busy = 0;
            long total = 0;
            int found = 0;
            for (String line : Files.readAllLines(STAT)) {
                String[] w = line.split("\\s+");
                if (w.length < 9 || !w[0].startsWith("cpu") || w[0].length() == 3
                        || !cpus.containsAll(CpuList.of(Integer.parseInt(w[0].substring(3))))) {
                    continue;
                }
                // user nice system idle iowait irq softirq steal: idle and iowait are the CPU's own rest
                long idle = Long.parseLong(w[4]) + Long.parseLong(w[5]);
                long all = 0;
                for (int i = 1; i <= 8; i++) {
                    all += Long.parseLong(w[i]);
                }
                busy += all - idle;
                total += all;
                found++;
            }
            return found == cpus.size() && found > 0 ? new Reading(busy, total) : Reading.NONE;
        } catch (IOException | RuntimeException e) {
            return Reading.NONE;
        }
    }
}
