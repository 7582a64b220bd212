package dev.quintet.server;

import dev.quintet.devices.simulator.DeviceSimulator;
import dev.quintet.events.cli.EventsCommand;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

/** Entry point of {@code quintet.jar}: {@code run}, {@code admin}, {@code devices simulate} or {@code events seed}. */
public final class QuintetServer {

    static final String USAGE = """
            usage: java -jar quintet.jar run [--services=console,router,devices,capture,events,packages] [--data-dir=DIR]
                   java -jar quintet.jar admin <command> [options]   (java -jar quintet.jar admin help)
                   java -jar quintet.jar devices simulate --url mqtt://host:1883 --token T [options]
                   java -jar quintet.jar events seed --count N [--seed S] [--data-dir DIR]""";

    private QuintetServer() {
    }

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("run")) {
            try {
                RunCommand.start(List.of(args).subList(1, args.length), System.getenv(), System.out);
            } catch (Options.UsageException e) {
                System.err.println("quintet: " + e.getMessage());
                System.err.println(USAGE);
                System.exit(2);
            } catch (StartupFailure e) {
                System.err.println("quintet: " + e.getMessage());
                System.exit(1);
            }
            return;
        }
        System.exit(execute(args, System.out, System.err));
    }

    /** Runs a non-server command and returns its exit status. */
    static int execute(String[] args, PrintStream out, PrintStream err) {
        if (args.length > 0 && args[0].equals("admin")) {
            return AdminCommand.execute(Arrays.asList(args).subList(1, args.length), out, err);
        }
        if (args.length > 0 && args[0].equals("devices")) {
            return DeviceSimulator.execute(Arrays.asList(args).subList(1, args.length), out, err);
        }
        if (args.length > 0 && args[0].equals("events")) {
            return EventsCommand.execute(Arrays.asList(args).subList(1, args.length), out, err);
        }
        err.println(USAGE);
        return 2;
    }
}
