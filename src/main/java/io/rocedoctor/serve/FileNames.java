package io.rocedoctor.serve;

/**
 * The name an upload came with, as shown in pages and JSON only (files are stored by their sha256):
 * its last path segment, without control or format characters, at most 200 characters.
 */
final class FileNames {
    private FileNames() {}

    static String display(String given) {
        if (given == null || given.isBlank()) {
            return "upload";
        }
        String last = given.replace('\\', '/');
        last = last.substring(last.lastIndexOf('/') + 1);
        StringBuilder s = new StringBuilder();
        last.codePoints()
                .filter(c -> !Character.isISOControl(c) && Character.getType(c) != Character.FORMAT)
                .limit(200)
                .forEach(s::appendCodePoint);
        String name = s.toString().strip();
        return name.isEmpty() || name.equals(".") || name.equals("..") ? "upload" : name;
    }
}
