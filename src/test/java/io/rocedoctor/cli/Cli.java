package io.rocedoctor.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the real command line in-process and keeps what it printed and returned. */
record Cli(int exit, String out, String err) {
    static Cli run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(args);
        return new Cli(exit, out.toString(), err.toString());
    }

    /** Copies a bundle folder (a fixture) to {@code to}, to change a copy. */
    static void copyTree(java.nio.file.Path from, java.nio.file.Path to) throws java.io.IOException {
        try (var files = java.nio.file.Files.walk(from)) {
            for (java.nio.file.Path p : files.toList()) {
                java.nio.file.Path target = to.resolve(from.relativize(p).toString());
                if (java.nio.file.Files.isDirectory(p)) {
                    java.nio.file.Files.createDirectories(target);
                } else {
                    java.nio.file.Files.copy(p, target);
                }
            }
        }
    }
}
