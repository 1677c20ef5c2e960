package io.rocedoctor.cli;

import io.rocedoctor.bundle.IoReason;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * An I/O problem on a path the user named for output ({@code --output}, {@code plan --out}): the
 * user's input, not a bug, so exit 2 with one line naming the path and the reason. The path named
 * is the one the system refused (a file inside {@code --out}, a missing parent), else the output.
 */
final class OutputFailure {

    /** Output code that may fail for reasons of the file system. */
    interface Write {
        void run() throws IOException;
    }

    /** Output code giving a result, that may fail for reasons of the file system. */
    interface Producing<T> {
        T run() throws IOException;
    }

    private OutputFailure() {}

    /** Runs the write; an I/O problem becomes a {@link BadInputException} naming the path. */
    static void writing(Path output, Write write) throws BadInputException {
        writing(output, () -> {
            write.run();
            return null;
        });
    }

    /** Runs the write and gives its result; an I/O problem becomes a {@link BadInputException} naming the path. */
    static <T> T writing(Path output, Producing<T> write) throws BadInputException {
        try {
            return write.run();
        } catch (IOException e) {
            throw new BadInputException("cannot write " + line(output, e), e);
        }
    }

    /** "PATH: reason" for an I/O problem while writing {@code output}. */
    static String line(Path output, IOException e) {
        String file = output == null ? null : output.toString();
        if (e instanceof FileSystemException fs && fs.getFile() != null) {
            file = fs.getFile();
        }
        return (file == null ? "" : file + ": ") + reason(e);
    }

    private static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or folder on the way";
        }
        if (e instanceof FileAlreadyExistsException fs) {
            return fs.getFile() != null && !Files.isDirectory(Path.of(fs.getFile()))
                    ? "already exists and is not a folder"
                    : "already exists";
        }
        return IoReason.of(e);
    }
}
