package io.rocedoctor.cli;

import io.rocedoctor.bundle.BundleException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code roce-doctor} command line. Only this class calls System.exit. */
@Command(
        name = "roce-doctor",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Diagnoses multi-path RoCE performance problems from snapshot bundles and plans their fix.",
        subcommands = {
            AnalyzeCommand.class,
            RulesCommand.class,
            FactsCommand.class,
            PlanCommand.class,
            DiffCommand.class,
            SynthCommand.class,
            CollectCommand.class,
            io.rocedoctor.serve.ServeCommand.class,
            CompletionCommand.class,
            CommandLine.HelpCommand.class
        },
        footer = {
            "",
            "Examples:",
            "  roce-doctor analyze fixtures/bundles/dual-port-hash-concentration",
            "  roce-doctor analyze bundle.tar.gz --format html --output report.html",
            "  roce-doctor plan bundle.tar.gz --out plan/",
            "  roce-doctor diff before.tar.gz after.tar.gz",
            "  roce-doctor analyze audit-bundles/ --format json --jobs 4  # a fleet",
            "  roce-doctor rules show IRQ_CROSS_NUMA",
            "  roce-doctor serve --data ./rd-data                         # the triage service",
            "  source <(roce-doctor completion bash)                      # completion in this shell",
            "",
            "Exit codes: 0 analysed, 1 a finding at or above --fail-on, 2 bad usage or unreadable bundle, 3 internal error."
        })
public final class Main {
    public static final int OK = 0;
    public static final int FINDINGS = 1;
    public static final int BAD_INPUT = 2;
    public static final int INTERNAL = 3;

    public static void main(String[] args) {
        if (diagnosesWithBuiltInRules(args)) {
            io.rocedoctor.engine.RuleEngine.buildInBackground();
            initialiseInBackground(
                    io.rocedoctor.bundle.BundleReader.class,
                    io.rocedoctor.engine.Profile.class,
                    io.rocedoctor.facts.FactBuilder.class);
        }
        CommandLine commandLine = commandLine(args);
        int exitCode = commandLine.execute(args);
        // picocli's writers flush on println only: a page printed without a final newline
        // (rules show) was lost at System.exit.
        commandLine.getOut().flush();
        commandLine.getErr().flush();
        System.exit(exitCode);
    }

    /**
     * Runs the static initialisers of these classes on a daemon thread, while picocli builds its
     * model and parses the arguments: the source table behind {@code BundleReader} and Jackson's
     * mapper behind {@code Profile} (its date formats and time zone) were ~10% of the main thread's
     * work of a cold analysis, before the bundle's first byte; the fact layers' table and their
     * order behind {@code FactBuilder} ~2%, needed once the bundle is read. The JVM runs a class's initialiser
     * once, on the first thread to need it, and any other waits for it: only the timing changes.
     */
    static Thread initialiseInBackground(Class<?>... classes) {
        Thread t = new Thread(
                () -> {
                    for (Class<?> c : classes) {
                        try {
                            Class.forName(c.getName(), true, c.getClassLoader());
                        } catch (ClassNotFoundException | LinkageError e) {
                            // the main thread meets the class's failure where it uses it, and reports it
                        }
                    }
                },
                "initialise");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** A command that fires the built-in rules: its rulebase is built while the bundle is read. */
    static boolean diagnosesWithBuiltInRules(String[] args) {
        if (args.length == 0 || !java.util.Set.of("analyze", "plan", "diff").contains(args[0])) {
            return false;
        }
        for (String a : args) {
            if (a.startsWith("--rules")
                    || a.equals("--help")
                    || a.equals("-h")
                    || a.equals("--version")
                    || a.equals("-V")) {
                return false;
            }
        }
        return true;
    }

    /** The configured command line; tests call {@code execute} on it. */
    public static CommandLine commandLine() {
        return configure(new CommandLine(new Main()));
    }

    /**
     * The command line for these arguments: when the first names a subcommand, a root with that
     * subcommand only (picocli builds every subcommand's model by reflection, and its classes cannot
     * be archived by CDS); otherwise, or when it is not a subcommand that runs alone, the whole one.
     */
    static CommandLine commandLine(String[] args) {
        if (args.length > 0) {
            Object sub = switch (args[0]) {
                case "analyze" -> new AnalyzeCommand();
                case "plan" -> new PlanCommand();
                case "diff" -> new DiffCommand();
                case "facts" -> new FactsCommand();
                case "serve" -> new io.rocedoctor.serve.ServeCommand();
                default -> null;
            };
            if (sub != null) {
                CommandLine root = new CommandLine(new Lean());
                root.addSubcommand(args[0], new CommandLine(sub));
                return configure(root);
            }
        }
        return commandLine();
    }

    private static CommandLine configure(CommandLine cl) {
        // The help is as wide as the terminal (picocli's own guess is 80 columns or a tput process),
        // asked only when help is printed; picocli refuses a usage width under 55.
        cl.setHelpFactory((spec, colours) -> {
            spec.usageMessage().width(Math.max(55, Terminal.width()));
            return new CommandLine.Help(spec, colours);
        });
        cl.setExitCodeExceptionMapper(e -> e instanceof CommandLine.ParameterException ? BAD_INPUT : INTERNAL);
        cl.setParameterExceptionHandler((ex, a) -> {
            ex.getCommandLine().getErr().println("roce-doctor: " + ex.getMessage());
            ex.getCommandLine()
                    .getErr()
                    .println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help'.");
            return BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, c, p) -> {
            if (ex instanceof BadInputException || ex instanceof BundleException) {
                c.getErr().println("roce-doctor: " + ex.getMessage());
                return BAD_INPUT;
            }
            if (ex instanceof java.nio.file.FileSystemException fs) {
                // A file the system refused (missing, denied, already there) is the user's to fix, not a bug.
                c.getErr().println("roce-doctor: " + OutputFailure.line(null, fs));
                return BAD_INPUT;
            }
            c.getErr().println("roce-doctor: internal error: " + ex);
            if (p.expandedArgs().contains("--debug")) {
                ex.printStackTrace(c.getErr());
            } else {
                c.getErr().println("(run again with --debug for the stack trace; please report it)");
            }
            return INTERNAL;
        });
        return cl;
    }

    /** The root of {@link #commandLine(String[])} when it runs one subcommand: Main's name and options, no other subcommand. */
    @Command(name = "roce-doctor", mixinStandardHelpOptions = true, versionProvider = Main.Version.class)
    static final class Lean {}

    /** The version from the jar's manifest, or the build's when run from classes. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"roce-doctor " + io.rocedoctor.report.ReportBuilder.VERSION};
        }
    }
}
