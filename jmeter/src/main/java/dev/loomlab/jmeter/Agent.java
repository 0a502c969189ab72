package dev.loomlab.jmeter;

import dev.loomlab.core.engine.EngineLine;
import org.apache.jmeter.engine.RemoteJMeterEngineImpl;
import org.apache.jmeter.rmi.RmiUtils;

import java.net.InetAddress;
import java.util.Properties;

/**
 * A remote JMeter engine, the equivalent of JMeter's {@code jmeter-server} from the same jars: an RMI registry
 * on {@code port} and the engine object on {@code port + 1}, both on one address ({@code java.rmi.server.hostname}
 * too, so that the engine's stubs name it), serving controllers' tests one at a time until this JVM ends. RMI
 * over SSL with a keystore, or plain RMI (JMeter's {@code server.rmi.ssl.disable=true}).
 */
final class Agent {
    private Agent() {
    }

    /** Starts the engine and returns (RMI's threads keep the JVM running); the exit code on failure. */
    static int start(int port, String bind, String keystore) {
        try {
            System.setProperty("java.rmi.server.hostname", bind);
            Properties p = Embedded.base(1024);
            p.setProperty("server_port", Integer.toString(port));
            p.setProperty("server.rmi.localport", Integer.toString(port + 1));
            // a controller's rexit() must not end an agent that serves until it is stopped
            p.setProperty("jmeterengine.remote.system.exit", "false");
            p.setProperty("server.exitaftertest", "false");
            Embedded.rmi(p, keystore);
            Embedded.init(p);
            if (keystore == null) {
                BoundRmiSocketFactory.install(InetAddress.getByName(bind));
            }
            RemoteJMeterEngineImpl.startServer(RmiUtils.getRmiRegistryPort());
        } catch (Exception e) {
            System.out.println(EngineLine.of(EngineLine.REFUSED, "the JMeter engine did not start on " + bind + ":" + port + ": "
                    + Runner.rootMessage(e)));
            return 2;
        }
        System.out.println(EngineLine.of(EngineLine.LISTENING, bind + ":" + port + " JMeter " + Embedded.version()
                + (keystore == null ? " plain RMI" : " RMI over SSL")));
        return 0;
    }
}
