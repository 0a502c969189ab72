package dev.loomlab.jmeter;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMISocketFactory;

/**
 * With plain RMI ({@code server.rmi.ssl.disable=true}) JMeter exports its registry, its engine and a
 * controller's sample listener with no socket factory of their own, so RMI would listen on every interface of
 * the machine. Installed JVM-wide, this factory makes each of them listen on one address only: loopback by
 * default, or the address {@code load-agent --bind} names.
 */
final class BoundRmiSocketFactory extends RMISocketFactory {
    private final InetAddress address;

    private BoundRmiSocketFactory(InetAddress address) {
        this.address = address;
    }

    static void install(InetAddress address) throws IOException {
        RMISocketFactory.setSocketFactory(new BoundRmiSocketFactory(address));
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        return new ServerSocket(port, 128, address);
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return new Socket(host, port);
    }
}
