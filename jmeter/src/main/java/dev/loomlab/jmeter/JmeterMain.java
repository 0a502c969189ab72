package dev.loomlab.jmeter;

import dev.loomlab.core.engine.EngineLine;
import dev.loomlab.core.process.ParentGone;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * The JMeter engine's JVM, which loomlab starts on its own class path ({@code dist/jmeter/}):
 * <pre>
 *   run SPEC OUTCOME              one load run (the spec and outcome files of core.engine), then exit
 *   agent PORT ADDRESS [KEYSTORE] a remote engine for controllers (loomlab load-agent), until it is stopped
 * </pre>
 * It lives only as long as the loomlab process that started it: when its stdin ends — that process exited or
 * was killed — it ends itself at once ({@link ParentGone}), so no engine is left behind. A run, once ready, starts
 * sending when {@value EngineLine#GO} arrives on stdin.
 */
public final class JmeterMain {
    /** Released by the {@value EngineLine#GO} line on stdin. */
    private static final CountDownLatch GO = new CountDownLatch(1);

    private JmeterMain() {
    }

    /** Waits for loomlab's {@value EngineLine#GO}: a ready run sends nothing before it. */
    static void awaitGo() throws InterruptedException {
        GO.await();
    }

    public static void main(String[] args) {
        watchParent(System.in);
        if (args.length == 3 && args[0].equals("run")) {
            int code = Runner.run(Path.of(args[1]), Path.of(args[2]));
            System.out.flush();
            // JMeter leaves non-daemon threads behind (RMI, the open model's thread starter): end here.
            System.exit(code);
        } else if ((args.length == 3 || args.length == 4) && args[0].equals("agent")) {
            int code = Agent.start(Integer.parseInt(args[1]), args[2], args.length == 4 ? args[3] : null);
            System.out.flush();
            if (code != 0) {
                System.exit(code);
            }
        } else {
            System.err.println("usage: JmeterMain run SPEC OUTCOME | agent PORT ADDRESS [KEYSTORE]");
            System.exit(2);
        }
    }

    /** Takes {@value EngineLine#GO} from {@code in}, and ends this JVM when {@code in} ends: the process that started it is gone. */
    private static void watchParent(InputStream in) {
        Thread t = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII))) {
                for (String line; (line = lines.readLine()) != null; ) {
                    if (line.strip().equals(EngineLine.GO)) {
                        GO.countDown();
                    }
                }
            } catch (IOException ignored) {
                // a broken pipe means the same as its end
            }
            ParentGone.exit(3);
        }, "loomlab-parent-watch");
        t.setDaemon(true);
        t.start();
    }
}
