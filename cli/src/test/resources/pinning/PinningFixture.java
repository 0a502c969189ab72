import java.util.concurrent.locks.ReentrantLock;

/**
 * A program for the pinning scan's tests, compiled by them for Java 21: four virtual threads each block
 * 50 ms inside the construct args[0] names (synchronized, reentrant, clinit), or it exits with code 3
 * (exit3).
 */
public class PinningFixture {
    public static void main(String[] args) throws Exception {
        String mode = args[0];
        if (mode.equals("exit3")) {
            System.exit(3);
        }
        Thread[] threads = new Thread[4];
        for (int i = 0; i < threads.length; i++) {
            int n = i;
            threads[i] = Thread.ofVirtual().start(() -> block(mode, n));
        }
        for (Thread t : threads) {
            t.join();
        }
        System.out.println("fixture done: " + mode);
    }

    static void block(String mode, int n) {
        switch (mode) {
            case "synchronized" -> {
                Object lock = new Object();
                synchronized (lock) {
                    sleep();
                }
            }
            case "reentrant" -> {
                ReentrantLock lock = new ReentrantLock();
                lock.lock();
                try {
                    sleep();
                } finally {
                    lock.unlock();
                }
            }
            case "clinit" -> {
                try {
                    Class.forName(PinningFixture.class.getName() + "$Init" + n);
                } catch (ClassNotFoundException e) {
                    throw new IllegalStateException(e);
                }
            }
            default -> throw new IllegalArgumentException(mode);
        }
    }

    static void sleep() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static class Init0 {
        static {
            sleep();
        }
    }

    static class Init1 {
        static {
            sleep();
        }
    }

    static class Init2 {
        static {
            sleep();
        }
    }

    static class Init3 {
        static {
            sleep();
        }
    }
}
