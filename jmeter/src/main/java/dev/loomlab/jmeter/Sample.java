package dev.loomlab.jmeter;

/**
 * What loomlab keeps of one JMeter sample while it is counted (nothing outlives the count).
 *
 * @param startMs         when it started, epoch ms (the engine's clock)
 * @param endMs           when it ended, epoch ms
 * @param elapsedMs       JMeter's elapsed time: from just before the request was sent (connect included) to the
 *                        end of the body, whole ms
 * @param connectMs       JMeter's connect time: 0 on a reused connection (and below a millisecond)
 * @param code            JMeter's response code
 * @param message         JMeter's response message
 * @param assertionFailed whether the expected-body assertion failed
 * @param headers         the response headers as JMeter keeps them (lines), or empty
 * @param thread          the JMeter thread's name: a remote engine's start with its {@code host:port}
 */
record Sample(long startMs, long endMs, long elapsedMs, long connectMs, String code, String message,
              boolean assertionFailed, String headers, String thread) {
}
