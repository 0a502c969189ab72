package dev.loomlab.cli;

import dev.loomlab.cli.plan.PlannedResult;

import dev.loomlab.cli.doctor.BrowserFacts;
import dev.loomlab.cli.doctor.Check;
import dev.loomlab.cli.doctor.CheckStatus;
import dev.loomlab.cli.doctor.CpuFacts;
import dev.loomlab.cli.doctor.Doctor;
import dev.loomlab.cli.doctor.DoctorText;
import dev.loomlab.cli.doctor.Examination;
import dev.loomlab.cli.doctor.JdkFacts;
import dev.loomlab.cli.doctor.KernelFacts;
import dev.loomlab.cli.doctor.MachineFacts;
import dev.loomlab.cli.doctor.MemoryFacts;
import dev.loomlab.cli.doctor.NetFacts;
import dev.loomlab.cli.doctor.Needs;
import dev.loomlab.cli.doctor.OpenFileFacts;
import dev.loomlab.core.memory.PlatformThreadCeiling;
import dev.loomlab.core.model.ModelCatalog;
import dev.loomlab.core.param.ParamSpec;
import dev.loomlab.core.param.ParamValues;
import dev.loomlab.core.scenario.MachineNeeds;
import dev.loomlab.core.scenario.ScenarioCatalog;
import dev.loomlab.core.scenario.ScenarioDescription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.IntPredicate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code loomlab doctor}'s readers and checks on a fake machine: {@code proc/} and {@code sys/} files written under a
 * temporary root, judged against plans the real {@link Planner} makes.
 */
class DoctorTest {
    private static final Planner PLANNER = new Planner(ScenarioCatalog.load(), ModelCatalog.load());
    /** What the fake machines' threads are limited to. */
    private static final PlatformThreadCeiling CEILING = new PlatformThreadCeiling(16_000, "test ceiling");

    @TempDir
    Path root;

    private void write(String path, String text) throws Exception {
        Path file = root.resolve(path.substring(1));
        Files.createDirectories(file.getParent());
        Files.writeString(file, text + "\n");
    }

    /** A plain Linux machine: no cgroup limits, 8 GB, a large open-file limit, Linux's default network settings. */
    private void linux() throws Exception {
        write("/proc/self/cgroup", "0::/");
        write("/sys/fs/cgroup/cgroup.controllers", "cpu memory pids");
        write("/sys/fs/cgroup/cpu.max", "max 100000");
        write("/sys/fs/cgroup/memory.max", "max");
        write("/proc/meminfo", "MemTotal:        8388608 kB\nMemFree:         4000000 kB\nMemAvailable:    6000000 kB");
        limits(1_048_576, 1_048_576);
        write("/proc/sys/fs/nr_open", "1048576");
        write("/proc/sys/fs/file-max", "9223372036854775807");
        write("/proc/sys/net/ipv4/ip_local_port_range", "32768\t60999");
        write("/proc/sys/net/core/somaxconn", "4096");
        write("/sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never");
        write("/proc/sys/kernel/perf_event_paranoid", "2");
        write("/proc/self/status", "Name:\tjava\nCapEff:\t0000000000000000");
        // CPUs without cpufreq, as in most VMs
        Files.createDirectories(root.resolve("sys/devices/system/cpu/cpu0"));
        Files.createDirectories(root.resolve("sys/devices/system/cpu/cpu1"));
    }

    private void limits(long soft, long hard) throws Exception {
        write("/proc/self/limits", "Limit                     Soft Limit           Hard Limit           Units     \n"
                + "Max processes             96365                96365                processes \n"
                + "Max open files            " + soft + "                " + hard + "                files     ");
    }

    private MachineFacts facts(int cores, IntPredicate loopback) {
        return new MachineFacts(CpuFacts.read(root, cores), MemoryFacts.read(root), OpenFileFacts.read(root),
                NetFacts.read(root, loopback), KernelFacts.read(root), CEILING,
                JdkFacts.read(null, "", root.toString(), null), new BrowserFacts(Optional.empty()));
    }

    private static List<PlannedResult> plan(List<String> targets, Consumer<RunOptions> options) {
        RunOptions o = new RunOptions();
        options.accept(o);
        return PLANNER.plan(targets, o);
    }

    private Examination judge(String target, Consumer<RunOptions> options) {
        RunOptions o = new RunOptions();
        options.accept(o);
        return Doctor.examine(facts(2, n -> true), Needs.of(plan(List.of(target), options), o.profilers()));
    }

    private static Check check(Examination e, String name) {
        return e.checks().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aCgroupV2QuotaOfOneAndAHalfCpusUnderTwoCarriersWarnsWithTheParallelismFix() throws Exception {
        linux();
        write("/sys/fs/cgroup/cpu.max", "150000 100000");
        Examination e = Doctor.examine(facts(2, n -> true), Needs.none());
        Check cpu = check(e, "cpu");
        assertThat(cpu.status()).isEqualTo(CheckStatus.WARN);
        assertThat(cpu.finding()).contains("2 cores").contains("150000/100000 µs = 1.5 CPUs").contains("2 virtual-thread carriers");
        assertThat(cpu.fix()).contains("--jvm-arg=-Djdk.virtualThreadScheduler.parallelism=1");
        assertThat(cpu.facts()).containsEntry("cpu_quota_cpus", 1.5).containsEntry("carriers", 2);
        assertThat(e.failures()).isEmpty();

        // The fix applied: one carrier within 1.5 CPUs.
        Examination fixed = Doctor.examine(facts(2, n -> true), Needs.of(plan(List.of("cpu-sqrt"),
                o -> o.jvmArg = List.of("-Djdk.virtualThreadScheduler.parallelism=1")), List.of()));
        assertThat(check(fixed, "cpu").status()).isEqualTo(CheckStatus.OK);
        assertThat(check(fixed, "cpu").facts()).containsEntry("carriers", 1);
    }

    @Test
    void aCgroupV1QuotaIsReadFromTheProcessesOwnCgroupAndTheTightestLevelHolds() throws Exception {
        linux();
        Files.delete(root.resolve("sys/fs/cgroup/cgroup.controllers"));
        write("/proc/self/cgroup", "4:memory:/docker/abc\n3:cpu,cpuacct:/docker/abc\n0::/");
        write("/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us", "-1");
        write("/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us", "100000");
        write("/sys/fs/cgroup/cpu,cpuacct/docker/cpu.cfs_quota_us", "300000");
        write("/sys/fs/cgroup/cpu,cpuacct/docker/cpu.cfs_period_us", "100000");
        write("/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_quota_us", "50000");
        write("/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_period_us", "100000");
        write("/sys/fs/cgroup/memory/docker/abc/memory.limit_in_bytes", Long.toString(2L << 30));
        write("/sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712");
        CpuFacts cpu = CpuFacts.read(root, 1);
        assertThat(cpu.quota()).get().satisfies(q -> {
            assertThat(q.cpus()).isEqualTo(0.5);
            assertThat(q.file()).endsWith("docker/abc/cpu.cfs_quota_us");
        });
        assertThat(MemoryFacts.read(root).limit()).hasValue(2L << 30);
        // One carrier on half a CPU: the carrier is throttled, and one carrier is as few as there can be.
        Check check = check(Doctor.examine(facts(1, n -> true), Needs.none()), "cpu");
        assertThat(check.status()).isEqualTo(CheckStatus.WARN);
        assertThat(check.fix()).contains("parallelism=1");
    }

    /** No quota: as many carriers as cores; the CPUs this process may use (what --cpus may name) are listed when /proc says. */
    @Test
    void noQuotaIsOkWithAsManyCarriersAsCores() throws Exception {
        linux();
        Check cpu = check(Doctor.examine(facts(4, n -> true), Needs.none()), "cpu");
        assertThat(cpu.status()).isEqualTo(CheckStatus.OK);
        assertThat(cpu.finding()).contains("4 cores (availableProcessors)").contains("no cgroup CPU quota")
                .contains("4 virtual-thread carriers");
        assertThat(cpu.facts()).containsEntry("cpus_allowed", null);
        write("/proc/self/status", "Name:\tjava\nCpus_allowed:\tf\nCpus_allowed_list:\t0-3\n");
        Check listed = check(Doctor.examine(facts(4, n -> true), Needs.none()), "cpu");
        assertThat(listed.finding()).contains("4 cores (availableProcessors, CPUs 0-3)");
        assertThat(listed.facts()).containsEntry("cpus_allowed", "0-3");
    }

    @Test
    void echoAtItsDefaultsFailsOnA1024FileLimitNamingItAndTheFix() throws Exception {
        linux();
        limits(1024, 1024);
        Examination e = judge("echo", o -> { });
        Check files = check(e, "open-files");
        assertThat(files.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(files.finding()).contains("soft 1024, hard 1024");
        assertThat(files.consequence()).contains("100,000").contains("echo server's own JVM").contains("101000 open files")
                .contains("at most 24 at once");
        assertThat(files.fix()).contains("ulimit -n 110000").contains("LimitNOFILE=110000").contains("/etc/security/limits.conf");
        assertThat(e.failures()).extracting(Check::name).containsExactly("open-files");
        assertThat(e.failureLines()).singleElement().asString().contains("open-files").contains("1024").contains("ulimit -n 110000");

        // A smaller echo fits in the same limit; with one connection too many it does not.
        assertThat(check(judge("echo", o -> o.params = List.of("connections=24")), "open-files").status()).isEqualTo(CheckStatus.OK);
        assertThat(check(judge("echo", o -> o.params = List.of("connections=25")), "open-files").status()).isEqualTo(CheckStatus.FAIL);
    }

    @Test
    void theHardLimitCountsSinceEveryJvmRaisesItsSoftLimitToIt() throws Exception {
        linux();
        limits(1024, 200_000);
        assertThat(check(judge("echo", o -> { }), "open-files").status()).isEqualTo(CheckStatus.OK);
    }

    @Test
    void theWebScenarioNeedsItsUsersInTheLoadGeneratorAndInTheServer() throws Exception {
        linux();
        limits(4096, 4096);
        Check closed = check(judge("web", o -> o.params = List.of("users=3000")), "open-files");
        assertThat(closed.status()).isEqualTo(CheckStatus.OK);
        assertThat(closed.facts()).containsEntry("needed_per_process", 4000L);
        Check open = check(judge("web", o -> o.params = List.of("rate=5000", "connections=5000")), "open-files");
        assertThat(open.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(open.consequence()).contains("5,000 connections (open model)").contains("Too many open files");
    }

    @Test
    void echoNeedsMorePortsThanASmallRangeHoldsAndItsLoopbackSourcesMustBind() throws Exception {
        linux();
        write("/proc/sys/net/ipv4/ip_local_port_range", "50000 60000");
        Examination e = Doctor.examine(facts(2, n -> n == 1), Needs.of(plan(List.of("echo"), o -> { }), List.of()));
        Check ports = check(e, "ports");
        assertThat(ports.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(ports.finding()).contains("50000–60000 (10,001 a source address)").contains("127.0.0.2 does not");
        assertThat(ports.consequence()).contains("only 10,001 ports").contains("127.0.0.2 cannot be bound");
        assertThat(ports.fix()).contains("net.ipv4.ip_local_port_range").contains("ifconfig lo0 alias");

        // Linux's default range and all of 127.0.0.0/8: 100,000 connections over five sources fit.
        write("/proc/sys/net/ipv4/ip_local_port_range", "32768 60999");
        Check fine = check(Doctor.examine(facts(2, n -> true), Needs.of(plan(List.of("echo"), o -> { }), List.of())), "ports");
        assertThat(fine.status()).isEqualTo(CheckStatus.OK);
        assertThat(fine.facts()).containsEntry("loopback_sources_needed", 5L).containsEntry("ports_needed_per_source", 20_000L);
    }

    @Test
    void aShortAcceptQueueWarnsForTheConnectsEchoKeepsInFlight() throws Exception {
        linux();
        write("/proc/sys/net/core/somaxconn", "128");
        Check backlog = check(judge("echo", o -> { }), "somaxconn");
        assertThat(backlog.status()).isEqualTo(CheckStatus.WARN);
        assertThat(backlog.consequence()).contains("512");
        assertThat(backlog.fix()).contains("net.core.somaxconn=1024");
        assertThat(check(judge("sleep", o -> { }), "somaxconn").status()).isEqualTo(CheckStatus.OK);
    }

    @Test
    void aMillionParkedVirtualThreadsAtDepthFiftyDoNotFitThreeQuartersOfTwoGigabytes() throws Exception {
        linux();
        write("/sys/fs/cgroup/memory.max", Long.toString(2L << 30));
        Examination e = judge("memory", o -> {
            o.models = List.of("virtual");
            o.params = List.of("threads=1M", "depth=50");
        });
        Check memory = check(e, "memory");
        assertThat(memory.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(memory.finding()).contains("cgroup memory limit 2,048 MB").contains("1,536 MB (-XX:MaxRAMPercentage=75)");
        assertThat(memory.consequence()).contains("1,000,000 virtual threads at depth 50").contains("about 3,004 MB");
        // At depth 1 (about 700 bytes a thread) the same million fit.
        assertThat(check(judge("memory", o -> {
            o.models = List.of("virtual");
            o.params = List.of("threads=1M", "depth=1");
        }), "memory").status()).isEqualTo(CheckStatus.OK);
    }

    @Test
    void platformThreadsAboveTheCeilingWarn() throws Exception {
        linux();
        Check threads = check(judge("memory", o -> {
            o.models = List.of("platform");
            o.params = List.of("threads=100000");
        }), "threads");
        assertThat(threads.status()).isEqualTo(CheckStatus.WARN);
        assertThat(threads.finding()).contains("16,000 (test ceiling)");
        assertThat(threads.consequence()).contains("100,000 platform threads").contains("not applicable");
    }

    /** A scenario doctor has never heard of (a user's, from their own jar) is judged on the needs it declares. */
    @Test
    void aScenarioDoctorDoesNotKnowIsJudgedOnTheNeedsItDeclares() throws Exception {
        linux();
        limits(4096, 4096);
        ScenarioDescription chat = ScenarioDescription.named("chat")
                .summary("a user's chat server, its clients connected at once")
                .params(ParamSpec.taskCount("clients", "5000", "clients connected at once"))
                .needs((p, model) -> MachineNeeds.NONE
                        .withSockets(MachineNeeds.Need.of(p.intCount("clients"), "holds " + MachineNeeds.count(p.intCount("clients"))
                                + " client connections").whenShort(limit -> "the server turns away clients beyond "
                                + MachineNeeds.count(limit - MachineNeeds.OPEN_FILES_BESIDE_SOCKETS)))
                        .withPlatformThreads(MachineNeeds.Need.of(p.intCount("clients"), "reads each client on a platform thread")
                                .whenShort("the server queues the clients it has no thread for")))
                .build();
        PlannedResult planned = new PlannedResult(chat, ModelCatalog.load().create("virtual"),
                ParamValues.parse("chat", chat.params(), Map.of("clients", "20000")), null, 1, 0, 1, List.of());
        Examination e = Doctor.examine(facts(2, n -> true), Needs.of(List.of(planned), List.of()));

        Check files = check(e, "open-files");
        assertThat(files.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(files.consequence()).startsWith("chat virtual clients=20000: holds 20,000 client connections")
                .contains("each JVM needs 21000 open files").contains("with 4096, the server turns away clients beyond 3,096");
        assertThat(files.fix()).contains("ulimit -n 30000");
        Check threads = check(e, "threads");
        assertThat(threads.status()).isEqualTo(CheckStatus.WARN);
        assertThat(threads.consequence()).contains("reads each client on a platform thread, above the ceiling: the server"
                + " queues the clients it has no thread for");
        // What it does not declare it is not judged on.
        assertThat(check(e, "ports").status()).isEqualTo(CheckStatus.OK);
        assertThat(e.needs().portsPerSource().amount()).isZero();
    }

    @Test
    void hugePagesAlwaysWarnsAboutRss() throws Exception {
        linux();
        assertThat(check(judge("memory", o -> { }), "huge-pages").status()).isEqualTo(CheckStatus.OK);
        write("/sys/kernel/mm/transparent_hugepage/enabled", "[always] madvise never");
        Check thp = check(judge("memory", o -> { }), "huge-pages");
        assertThat(thp.status()).isEqualTo(CheckStatus.WARN);
        assertThat(thp.consequence()).contains("RSS");
        assertThat(thp.fix()).contains("madvise");
    }

    @Test
    void theGovernorWarnsUnlessPerformanceAndIsInfoWhereNotExposed() throws Exception {
        linux();
        Check none = check(judge("cpu-sqrt", o -> { }), "governor");
        assertThat(none.status()).isEqualTo(CheckStatus.INFO);
        assertThat(none.finding()).contains("not exposed (VM?)");
        write("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "powersave");
        write("/sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", "powersave");
        Check powersave = check(judge("cpu-sqrt", o -> { }), "governor");
        assertThat(powersave.status()).isEqualTo(CheckStatus.WARN);
        assertThat(powersave.finding()).contains("powersave on 2 CPUs");
        write("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "performance");
        write("/sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", "performance");
        assertThat(check(judge("cpu-sqrt", o -> { }), "governor").status()).isEqualTo(CheckStatus.OK);
    }

    @Test
    void perfEventsAboveOneFallBackToTheTimerAndWarnOnlyWhenAsyncCpuIsAsked() throws Exception {
        linux();
        Check unasked = check(judge("sleep", o -> { }), "perf-events");
        assertThat(unasked.status()).isEqualTo(CheckStatus.INFO);
        assertThat(unasked.consequence()).contains("timer-based sampling");
        Check asked = check(judge("sleep", o -> o.prof = List.of("async:cpu")), "perf-events");
        assertThat(asked.status()).isEqualTo(CheckStatus.WARN);
        assertThat(asked.fix()).contains("kernel.perf_event_paranoid=1");
        // CAP_PERFMON (bit 38) lets this process open them anyway.
        write("/proc/self/status", "Name:\tjava\nCapEff:\t0000004000000000");
        assertThat(check(judge("sleep", o -> o.prof = List.of("async:cpu")), "perf-events").status()).isEqualTo(CheckStatus.OK);
    }

    /** Where /proc and /sys are missing (not Linux) every fact they give says so; no check invents a number or fails. */
    @Test
    void withoutProcAndSysEveryLinuxFactIsUnavailableNotAWrongNumber() {
        Examination e = Doctor.examine(facts(2, n -> n == 1), Needs.of(plan(List.of("echo"), o -> { }), List.of()));
        for (String name : List.of("memory", "open-files", "somaxconn", "huge-pages", "governor", "perf-events")) {
            assertThat(check(e, name).status()).as(name).isEqualTo(CheckStatus.INFO);
            assertThat(check(e, name).finding()).as(name).contains("unavailable on this system");
        }
        assertThat(check(e, "ports").finding()).contains("ephemeral port range unavailable on this system");
        assertThat(check(e, "cpu").finding()).contains("no cgroup CPU quota");
        // echo binds 127.0.0.2 …: that it cannot is a fact of this system, read by binding, not from /proc.
        assertThat(e.failures()).extracting(Check::name).containsExactly("ports");
    }

    @Test
    void jdksAreFoundWhereTheLauncherLooksOnceEachWithTheirVersions() throws Exception {
        Path jvm = Files.createDirectories(root.resolve("jvm"));
        fakeJdk(jvm.resolve("temurin-21"), "21.0.8");
        fakeJdk(jvm.resolve("temurin-25"), "25.0.1");
        Files.createSymbolicLink(jvm.resolve("java-21"), jvm.resolve("temurin-21"));
        Files.createDirectories(jvm.resolve("not-a-jdk"));
        Path home = Files.createDirectories(root.resolve("home"));
        fakeJdk(home.resolve(".jdks/corretto-17"), "17.0.2");
        JdkFacts jdks = JdkFacts.read(jvm.resolve("temurin-25").toString(), root + "/jvm/* ~/.jdks/* /nowhere/*", home.toString(), null);
        assertThat(jdks.found()).extracting(JdkFacts.Found::feature).containsExactly(25, 21, 17);
        assertThat(jdks.jdk21()).get().extracting(JdkFacts.Found::home).asString().endsWith("java-21");
    }

    private static void fakeJdk(Path home, String version) throws Exception {
        Files.createDirectories(home.resolve("bin"));
        Path java = Files.writeString(home.resolve("bin/java"), "#!/bin/sh\n");
        java.toFile().setExecutable(true);
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + version + "\"\n");
    }

    @Test
    void theTextNamesEveryCheckWithItsStatusAndEndsWithTheVerdict() throws Exception {
        linux();
        limits(1024, 1024);
        String text = DoctorText.render(judge("echo", o -> { }), "echo");
        assertThat(text).startsWith("loomlab doctor: this machine against echo (3 planned results)");
        assertThat(text).containsPattern("(?m)^fail  open-files   ulimit -n: soft 1024, hard 1024")
                .containsPattern("(?m)^ +fix: ulimit -n 110000");
        // thread-per-task's 100,000 connections are as many platform threads, above the ceiling: a warning
        assertThat(text.strip()).endsWith("echo cannot run as asked here: open-files failed; 1 warning (figures may be affected): threads");
    }
}
