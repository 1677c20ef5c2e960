package io.rocedoctor.bundle;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * Why a file could not be read, in words a user acts on. Java's own messages for the commonest
 * cases are only the path ({@code AccessDeniedException: /x/y}), which says nothing once the
 * path is printed beside it.
 */
public final class IoReason {
    private IoReason() {}

    /** "permission denied", "no such file", "not a folder", the system's words, or the message. */
    public static String of(Throwable e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof NotDirectoryException) {
            return "not a folder";
        }
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getReason(); // the system's words: "Is a directory", "No space left on device"
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : firstLine(e.getMessage());
    }

    private static String firstLine(String message) {
        int end = message.indexOf('\n');
        return end < 0 ? message : message.substring(0, end);
    }
}
