package dev.loomlab.load.service;

import com.sun.tools.attach.VirtualMachine;
import dev.loomlab.core.probe.SchedulerProbe;

import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A Java service's saturation read from its own MBeans, over the JVM's local attach (its local management agent, started
 * on first use): Tomcat's request threads busy and maximum, HikariCP's connections in use, waiting callers and maximum
 * (every pool summed), the process's CPU time and cores, the time its stop-the-world collections took, and its virtual
 * threads waiting for a carrier (the JDK's scheduler bean, JDK 24+). What a
 * service does not register (no Tomcat, no HikariCP, Spring Boot without {@code server.tomcat.mbeanregistry.enabled}
 * or {@code spring.datasource.hikari.register-mbeans}) is simply not told. A Tomcat running its requests on virtual
 * threads has no bounded pool: it reports no busy count, and its maximum is then not told either.
 */
public final class JmxSaturation implements SaturationSource, AutoCloseable {
    /** Embedded Tomcat's domain (Spring Boot's), then a standalone Tomcat's. */
    private static final List<String> TOMCAT_POOLS = List.of("Tomcat:type=ThreadPool,*", "Catalina:type=ThreadPool,*");
    private static final String HIKARI = "com.zaxxer.hikari:*";
    private static final String COLLECTORS = "java.lang:type=GarbageCollector,*";
    private static final String OS = "java.lang:type=OperatingSystem";

    private final long pid;
    private final JMXConnector connector;
    private final MBeanServerConnection mbeans;

    private JmxSaturation(long pid, JMXConnector connector) throws IOException {
        this.pid = pid;
        this.connector = connector;
        this.mbeans = connector.getMBeanServerConnection();
    }

    /**
     * Attaches to the JVM {@code pid} of this machine (same user) and connects to its local management agent.
     *
     * @throws IOException when it is not a JVM, refuses the attach ({@code -XX:+DisableAttachMechanism}), or has gone
     */
    public static JmxSaturation attach(long pid) throws IOException {
        String address;
        try {
            VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
            try {
                address = vm.startLocalManagementAgent();
            } finally {
                vm.detach();
            }
        } catch (com.sun.tools.attach.AttachNotSupportedException e) {
            throw new IOException("process " + pid + " cannot be attached to: " + e.getMessage(), e);
        }
        JMXConnector connector = JMXConnectorFactory.connect(new JMXServiceURL(address));
        try {
            return new JmxSaturation(pid, connector);
        } catch (IOException e) {
            connector.close();
            throw e;
        }
    }

    @Override
    public Saturation read() {
        long now = System.nanoTime();
        try {
            double[] threads = tomcat();
            double[] pool = hikari();
            double cpuNanos = number(new ObjectName(OS), "ProcessCpuTime");
            double cores = number(new ObjectName(OS), "AvailableProcessors");
            return new Saturation(now, threads[0], threads[1], pool[0], pool[1], pool[2], Double.NaN,
                    cpuNanos >= 0 ? cpuNanos / 1e9 : Double.NaN, cores, Double.NaN, pauseSeconds(), vtQueued(), Double.NaN);
        } catch (IOException | javax.management.JMException | RuntimeException gone) {
            // a service that went away, or an MBean that vanished between query and read: this reading tells nothing
            return Saturation.nothing(now);
        }
    }

    /** Its virtual threads waiting for a carrier, from its scheduler's bean (JDK 24+); NaN without it. */
    private double vtQueued() throws IOException, javax.management.JMException {
        ObjectName scheduler = new ObjectName(SchedulerProbe.NAME);
        return mbeans.isRegistered(scheduler) ? number(scheduler, "QueuedVirtualThreadCount") : Double.NaN;
    }

    /** Busy and maximum request threads over Tomcat's bounded pools; NaN each when it has none. */
    private double[] tomcat() throws IOException, javax.management.JMException {
        double busy = Double.NaN;
        double max = Double.NaN;
        List<ObjectName> pools = new ArrayList<>();
        for (String pattern : TOMCAT_POOLS) {
            pools.addAll(mbeans.queryNames(new ObjectName(pattern), null));
        }
        for (ObjectName pool : pools) {
            double b = number(pool, "currentThreadsBusy");
            double m = number(pool, "maxThreads");
            // -1: its executor is not a bounded pool (virtual threads)
            if (b >= 0 && m > 0) {
                busy = (Double.isNaN(busy) ? 0 : busy) + b;
                max = (Double.isNaN(max) ? 0 : max) + m;
            }
        }
        return new double[] {busy, max};
    }

    /** In use, waiting and maximum connections over HikariCP's pools; NaN each when it has none. */
    private double[] hikari() throws IOException, javax.management.JMException {
        double active = Double.NaN;
        double waiting = Double.NaN;
        double max = Double.NaN;
        Set<ObjectName> names = mbeans.queryNames(new ObjectName(HIKARI), null);
        for (ObjectName pool : names) {
            String type = pool.getKeyProperty("type");
            if (type == null || !type.startsWith("Pool (")) {
                continue;
            }
            ObjectName config = new ObjectName(pool.getDomain() + ":type=PoolConfig " + type.substring("Pool ".length()));
            double m = names.contains(config) ? number(config, "MaximumPoolSize") : Double.NaN;
            double a = number(pool, "ActiveConnections");
            if (!(m > 0) || a < 0) {
                continue;
            }
            active = (Double.isNaN(active) ? 0 : active) + a;
            waiting = (Double.isNaN(waiting) ? 0 : waiting) + Math.max(0, number(pool, "ThreadsAwaitingConnection"));
            max = (Double.isNaN(max) ? 0 : max) + m;
        }
        return new double[] {active, waiting, max};
    }

    /** The stop-the-world collections' time so far, s: every collector but those that count concurrent cycles. */
    private double pauseSeconds() throws IOException, javax.management.JMException {
        double ms = Double.NaN;
        for (ObjectName gc : mbeans.queryNames(new ObjectName(COLLECTORS), null)) {
            String name = gc.getKeyProperty("name");
            // G1 Concurrent GC, ZGC Cycles, Shenandoah Cycles: time spent beside the application, not stopping it
            if (name == null || name.contains("Concurrent") || name.contains("Cycles")) {
                continue;
            }
            double t = number(gc, "CollectionTime");
            if (t >= 0) {
                ms = (Double.isNaN(ms) ? 0 : ms) + t;
            }
        }
        return ms / 1000;
    }

    private double number(ObjectName name, String attribute) throws IOException, javax.management.JMException {
        return mbeans.getAttribute(name, attribute) instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    @Override
    public String describe() {
        return "its MBeans (local attach to pid " + pid + ")";
    }

    /** Disconnects; the service goes on. */
    @Override
    public void close() {
        try {
            connector.close();
        } catch (IOException gone) {
            // the service has gone: nothing left to close
        }
    }
}
