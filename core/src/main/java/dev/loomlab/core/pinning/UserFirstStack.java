package dev.loomlab.core.pinning;

import java.util.List;

/**
 * A pinned stack split where the user's code begins: {@code blocking}, the JDK and test-runner frames
 * inside the innermost frame of the user's own (the blocking call: {@code Thread.sleep}, a park, a
 * read), and {@code user}, that frame and every frame out from it. A stack without a user frame is all
 * {@code user}, as it came. Frames are innermost first, as {@code class.method:line}.
 *
 * @param blocking frames above the user's innermost frame
 * @param user     the user's innermost frame and the frames that called it
 */
public record UserFirstStack(List<String> blocking, List<String> user) {
    /** Packages of the JDK and of test runners: frames in them are not the user's. */
    private static final List<String> NOT_USER = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.",
            "org.junit.", "org.opentest4j.", "org.apache.maven.surefire.", "org.gradle.");

    public static UserFirstStack of(List<String> frames) {
        for (int i = 0; i < frames.size(); i++) {
            if (isUser(frames.get(i))) {
                return new UserFirstStack(List.copyOf(frames.subList(0, i)), List.copyOf(frames.subList(i, frames.size())));
            }
        }
        return new UserFirstStack(List.of(), List.copyOf(frames));
    }

    public static boolean isUser(String frame) {
        for (String p : NOT_USER) {
            if (frame.startsWith(p)) {
                return false;
            }
        }
        return true;
    }
}
