package dev.loomlab.core.server;

/**
 * A server's bounded pool of request threads, as its control channel reports it: the threads serving a request
 * now ({@code threads_busy}) and the most the pool starts ({@code threads_max}). Only a server whose requests wait
 * for a pool thread has one (Tomcat's in mvc-platform); a thread per request has no maximum to report.
 */
public interface RequestThreads {
    /** Threads of the pool running a request now. */
    int busy();

    /** The most threads the pool starts. */
    int max();
}
