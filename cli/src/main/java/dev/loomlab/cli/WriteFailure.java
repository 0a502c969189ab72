package dev.loomlab.cli;

import dev.loomlab.report.text.Fmt;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/** Why a file could not be written, in words for a one-line message (not the exception's class name). */
final class WriteFailure {
    private WriteFailure() {
    }

    static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "its folder does not exist";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "a file is in the way of a folder";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return Fmt.firstLine(e.getMessage());
    }
}
