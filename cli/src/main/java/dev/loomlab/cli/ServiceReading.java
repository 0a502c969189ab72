package dev.loomlab.cli;

import dev.loomlab.load.service.PrometheusSaturation;
import dev.loomlab.load.service.Service;
import dev.loomlab.load.service.ServiceProcess;

import java.io.PrintStream;
import java.net.URI;

/**
 * What {@code loomlab load} reads of the service it loads, and says so: its saturation from {@code --service-metrics
 * URL} (probed once before the load: a URL that does not answer Prometheus text is bad input), and its CPU from the
 * process this machine's {@code /proc} shows listening on the target's port. When neither can be read it says what that
 * leaves a search able to name.
 */
final class ServiceReading {
    private ServiceReading() {
    }

    /**
     * The endpoint {@code --service-metrics} names, asked once; null without the option.
     *
     * @throws dev.loomlab.core.BadInputException in one line, when it does not answer Prometheus text
     */
    static PrometheusSaturation.Probed probe(URI metrics) throws InterruptedException {
        return metrics == null ? null : PrometheusSaturation.probe(metrics);
    }

    /**
     * The service on {@code port} of this machine (null: on another machine), read through {@code probed} (null: none),
     * each source told on {@code err}.
     */
    static Service of(PrometheusSaturation.Probed probed, Integer port, PrintStream err) {
        return of(probed, port, err, "loomlab load", "--service-metrics");
    }

    /**
     * As {@link #of(PrometheusSaturation.Probed, Integer, PrintStream)}, each line starting with {@code prefix}, naming
     * {@code option} as the one that gives a metrics endpoint.
     */
    static Service of(PrometheusSaturation.Probed probed, Integer port, PrintStream err, String prefix, String option) {
        ServiceProcess.Lookup lookup = port == null ? new ServiceProcess.Lookup(null, "the service is not on this machine", false)
                : ServiceProcess.listeningOn(port);
        Service service = new Service(probed == null ? null : probed.source(), lookup.process(), lookup.inThisJvm());
        if (probed != null) {
            err.println(prefix + ": reading the service's saturation from " + probed.source().describe() + " once a second"
                    + (lookup.process() == null ? "" : ", its CPU from /proc (pid " + lookup.process().pid() + ")"));
            if (!probed.readable()) {
                err.println(prefix + ": warning: none of its " + probed.samples() + " metrics is one loomlab reads (request"
                        + " threads, connection pool, CPU, GC pauses: docs/capacity.md): a knee can be named only as the"
                        + " generator's, the connections' or unexplained");
            }
        } else if (lookup.process() != null) {
            err.println(prefix + ": reading the CPU of the service (pid " + lookup.process().pid() + ", listening on port " + port
                    + ") from /proc; " + option + " URL reads its pools and GC pauses too");
        } else {
            err.println(prefix + ": " + lookup.why() + ", and no " + option + " URL: nothing is read of the service, so a"
                    + " knee can be named only as the generator's, the connections' or unexplained");
        }
        return service;
    }
}
