package dev.loomlab.core.trial;

import dev.loomlab.core.outcome.LiveSample;
import dev.loomlab.core.outcome.ProgressListener;
import dev.loomlab.core.process.ChildProcess;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a trial JVM's output lines go: every line to the trial log, and its {@link TrialMain#PROGRESS}
 * lines to the progress listener instead of the tail; its {@link TrialMain#LIVE} lines only to the listener. A log that cannot be written does not stop the
 * output from being read (the fork would block on a full pipe); the problem is told in the tail instead.
 */
final class TrialLog implements ChildProcess.Lines, AutoCloseable {
    private final Path file;
    private final ProgressListener progress;
    private BufferedWriter out;
    private String problem;

    private TrialLog(Path file, ProgressListener progress) {
        this.file = file;
        this.progress = progress;
    }

    static TrialLog open(Path file, ProgressListener progress) {
        TrialLog log = new TrialLog(file, progress);
        try {
            log.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            log.problem = "(trial log " + file + " not writable: " + e.getMessage() + ")";
        }
        return log;
    }

    @Override
    public boolean take(String line) {
        // Live samples, once a second, are for the watcher only: neither in the log nor in its tail.
        if (line.startsWith(TrialMain.LIVE)) {
            LiveSample.parse(line.substring(TrialMain.LIVE.length())).ifPresent(progress::live);
            return false;
        }
        write(line);
        if (line.startsWith(TrialMain.PROGRESS)) {
            relay(line.substring(TrialMain.PROGRESS.length()));
            return false;
        }
        return true;
    }

    @Override
    public void end() {
        close();
    }

    /** {@code tail}, after the reason the log could not be written if it could not. */
    List<String> withProblem(List<String> tail) {
        List<String> lines = new ArrayList<>();
        synchronized (this) {
            if (problem != null) {
                lines.add(problem);
            }
        }
        lines.addAll(tail);
        return lines;
    }

    @Override
    public synchronized void close() {
        if (out == null) {
            return;
        }
        try {
            out.close();
        } catch (IOException e) {
            problem = notWritten(e);
        }
        out = null;
    }

    private synchronized void write(String line) {
        if (out == null) {
            return;
        }
        try {
            out.write(line);
            out.newLine();
            out.flush();
        } catch (IOException e) {
            problem = notWritten(e);
            try {
                out.close();
            } catch (IOException ignored) {
                // already broken, and said so
            }
            out = null;
        }
    }

    private String notWritten(IOException e) {
        return "(trial log " + file + " not fully written: " + e.getMessage() + ")";
    }

    private void relay(String text) {
        String[] parts = text.trim().split("[ /]");
        if (parts.length == 3) {
            try {
                progress.progress(parts[0], Integer.parseInt(parts[1]), Integer.parseInt(parts[2]));
            } catch (NumberFormatException ignored) {
                // not a progress line after all
            }
        }
    }
}
