package io.rocedoctor.cli;

/**
 * The user's input cannot be used: a bad option value, an unreadable profile or rule folder.
 * {@link Main} prints the message as one line and exits {@link Main#BAD_INPUT}, so a command
 * throws it instead of repeating that answer at every check.
 */
final class BadInputException extends Exception {
    private static final long serialVersionUID = 1L;

    BadInputException(String message) {
        super(message);
    }

    BadInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
