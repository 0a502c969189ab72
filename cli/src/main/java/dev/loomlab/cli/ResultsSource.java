package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.result.Result;
import dev.loomlab.core.result.ResultJson;
import dev.loomlab.core.result.ResultKey;
import dev.loomlab.report.text.Fmt;
import dev.loomlab.report.folder.ResultsFolder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * The results a command is pointed at: a results folder (its results.jsonl) or a results.jsonl file itself;
 * a failed result that a resumed run re-ran counts once, as the newer line ({@link ResultKey#current}).
 */
final class ResultsSource {
    private ResultsSource() {
    }

    /**
     * The results; a last line cut short (a killed run) is skipped and told to {@code warning}, for the
     * command to print once it knows it will not end on bad input (one line then, and only that).
     *
     * @param role how the command calls this input in a message, e.g. {@code baseline}; may be empty
     * @throws BadInputException when there is no results file or it cannot be read
     */
    static List<Result> read(Path path, String role, Consumer<String> warning) {
        Path file = Files.isDirectory(path) ? path.resolve(ResultsFolder.RESULTS) : path;
        if (!Files.isRegularFile(file)) {
            throw new BadInputException((role.isEmpty() ? "" : role + " ") + path + " is not a results folder (no "
                    + ResultsFolder.RESULTS + ")");
        }
        try {
            return ResultKey.current(ResultJson.readAll(file, warning, ResultsFolder.SECTIONS));
        } catch (IOException | RuntimeException e) {
            throw new BadInputException("cannot read " + file + ": " + Fmt.firstLine(e.getMessage()));
        }
    }
}
