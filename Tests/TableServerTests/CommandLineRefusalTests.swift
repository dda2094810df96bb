import Foundation
import Testing
import TestSupport

/// The command line's answers to what would lose data or publish a broken site: a message
/// naming what is wrong, exit status 1 (or 64 for an option), and nothing changed.
@Suite("The command line refuses what would lose data")
struct CommandLineRefusalTests {
    static func run(_ arguments: [String]) async throws -> SpawnedProcess.Completed {
        try await SpawnedProcess.run(RunningServer.binary, arguments, within: 60)
    }

    /// The lines a command printed on standard error, without the Swift runtime's own (`make test`
    /// sets `SWIFT_BACKTRACE` for the tests, which their child processes comment on).
    static func messages(_ completed: SpawnedProcess.Completed) -> [String] {
        messages(in: completed.errors)
    }

    static func messages(in errors: String) -> [String] {
        errors.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("swift runtime:") }
    }

    static func write(_ text: String, to name: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a dump written over its own database file, or its log, is refused before anything is written")
    func dumpOverTheDatabase() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("kept.sqlite").path
        let fruit = try Self.write("key,name\napple,Apple\n", to: "fruit.csv", in: folder)
        #expect(try await Self.run(["import", fruit, "--db", database]).status == 0)
        for out in [database, database + "-wal", folder.appendingPathComponent("./kept.sqlite").path] {
            let dumped = try await Self.run(["dump", "--db", database, "--out", out])
            #expect(dumped.status == 1 && dumped.errors.contains("is the database's own file"), "\(dumped.errors)")
        }
        let missing = try await Self.run(["dump", "--db", database + ".typo"])
        #expect(missing.status == 1 && missing.errors.contains("there is no database at"), "\(missing.errors)")
        #expect(!FileManager.default.fileExists(atPath: database + ".typo"))
        let check = try await Self.run(["dump", "--db", database])
        #expect(check.status == 0 && check.output.contains("\"Apple\""), "\(check.output)\(check.errors)")
        // Where the dump cannot go, and a file that is no database, are said in words.
        let nowhere = try await Self.run(["dump", "--db", database, "--out", folder.appendingPathComponent("gone/dump.json").path])
        #expect(nowhere.status == 1 && nowhere.errors.contains("dump.json: its folder \(folder.path)/gone does not exist"), "\(nowhere.errors)")
        let onFolder = try await Self.run(["dump", "--db", database, "--out", folder.path])
        #expect(onFolder.status == 1 && onFolder.errors.contains("\(folder.path): it is a folder"), "\(onFolder.errors)")
        let notDatabase = try await Self.run(["dump", "--db", fruit])
        #expect(notDatabase.status == 1 && notDatabase.errors.contains("\(fruit) is not a SQLite database"), "\(notDatabase.errors)")
        #expect(try String(contentsOfFile: fruit, encoding: .utf8) == "key,name\napple,Apple\n")
    }

    @Test("paths that name the working folder (., ./) or end in a slash are refused as folders, in words, with nothing made")
    func folderPaths() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fruit = try Self.write("key,name\napple,Apple\n", to: "fruit.csv", in: folder)
        let run = { (arguments: [String]) in try await SpawnedProcess.run(RunningServer.binary, arguments, within: 60, directory: folder.path) }
        #expect(try await run(["import", fruit, "--db", "kept.sqlite"]).status == 0)
        for (out, reason) in [(".", "it is a folder, not a file"), ("./", "it ends in '/', which names a folder, not a file"),
                              ("fruit.csv/", "it ends in '/', which names a folder, not a file")] {
            let dumped = try await run(["dump", "--db", "kept.sqlite", "--out", out])
            #expect(dumped.status == 1 && dumped.errors.contains("--out \(out): \(reason)"), "\(out): \(dumped.errors)")
        }
        #expect(try String(contentsOfFile: fruit, encoding: .utf8) == "key,name\napple,Apple\n", "no file written in place of the folder named")
        for db in [".", "./", "sqlite:./", "./made/"] {
            for arguments in [["dump", "--db", db], ["import", fruit, "--db", db]] {
                let refused = try await run(arguments)
                let path = db.replacingOccurrences(of: "sqlite:", with: "")
                let reason = db == "./made/" ? "it ends in '/', which names a folder" : "it is a folder"
                #expect(refused.status == 1 && refused.errors.contains("\(path): \(reason), not a database file; name a file in it"),
                        "\(arguments): \(refused.errors)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("made").path))
    }

    @Test("an import says what it keeps as nothing (null values and empty lists, which a dump cannot give back) and what a replacing one took away")
    func importSaysWhatIsLeftOut() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = try Self.write(#"{"fruit": [{"key": "a", "note": null, "tags": []}, {"key": "b", "size": null}], "empty": []}"#,
                                  to: "fruit.json", in: folder)
        let database = folder.appendingPathComponent("db.sqlite").path
        let imported = try await Self.run(["import", data, "--db", database])
        #expect(imported.status == 0 && imported.output == "\(data): 2 items into \(database); kept as nothing: 2 null values (no attribute) and 2 empty lists\n",
                "\(imported.output)\(imported.errors)")
        let plain = try Self.write(#"{"fruit": [{"key": "c"}]}"#, to: "plain.json", in: folder)
        #expect(try await Self.run(["import", plain, "--db", database]).output == "\(plain): 1 item into \(database)\n")
        // Replacing everything says what was there, and which lists it leaves empty.
        let other = try Self.write(#"{"veg": [{"key": "v"}]}"#, to: "veg.json", in: folder)
        let replaced = try await Self.run(["import", other, "--db", database, "--replace"])
        #expect(replaced.output == "--replace: the 3 items the database held are replaced; lists no file gives are empty now: fruit\n"
                + "\(other): 1 item into \(database)\n", "\(replaced.output)\(replaced.errors)")
    }

    @Test("a data file that cannot be read says why: missing, a folder, not a regular file")
    func unreadableDataFiles() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("db.sqlite").path
        let missing = folder.appendingPathComponent("missing.json").path, inside = folder.appendingPathComponent("inside.json").path
        try FileManager.default.createDirectory(atPath: inside, withIntermediateDirectories: false)
        // A pipe no one writes to is said to be one, not waited on.
        let pipe = folder.appendingPathComponent("pipe.json").path
        #expect(mkfifo(pipe, 0o600) == 0)
        for (file, reason) in [(missing, "there is no such file"), (inside, "it is a folder, not a file"),
                               ("/dev/null", "it is not a regular file (a device, a pipe or a socket)"),
                               (pipe, "it is not a regular file (a device, a pipe or a socket)")] {
            let refused = try await Self.run(["import", file, "--db", database])
            #expect(refused.status == 1 && Self.messages(refused) == ["tablestack: \(file): cannot read the file: \(reason)"], "\(refused.errors)")
        }
    }

    @Test("a name from a data file is shown with its control characters escaped, never sent to the terminal as they are")
    func controlCharactersInMessages() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = try Self.write(#"{"\u001b]0;title\u0007\u001b[2J": [{"key": "a"}]}"#, to: "titles.json", in: folder)
        let refused = try await Self.run(["import", data, "--db", folder.appendingPathComponent("db.sqlite").path])
        #expect(refused.status == 1)
        #expect(!refused.errors.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(Array(refused.errors.utf8))")
        // A line break in a name cannot make a message of two lines (or forge a second one).
        let broken = try Self.write(#"{"a\ntablestack: fake": [{"key": "a"}], "ok": [{"key": "b\nc"}]}"#, to: "lines.json", in: folder)
        let oneLine = try await Self.run(["import", broken, "--db", folder.appendingPathComponent("db.sqlite").path])
        #expect(oneLine.status == 1 && Self.messages(oneLine).count == 1, "\(oneLine.errors)")
        #expect(refused.errors.contains(#"\u{1B}]0;title\u{7}\u{1B}[2J"#), "\(refused.errors)")
    }

    @Test("an app's export from a database that is not there is refused, not published with empty lists; the demo's fills a new one")
    func exportFromNoDatabase() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try Self.write("title: Fruit\nroot: fruit\nscenes:\n  fruit: { title: Fruit, list: fruit, cell: { text: \"{name}\" } }\n",
                                 to: "app.yaml", in: folder)
        let typo = folder.appendingPathComponent("frut.sqlite").path, out = folder.appendingPathComponent("site").path
        let refused = try await Self.run(["export", "--app", app, "--db", typo, "--out", out, "--quiet"])
        #expect(refused.status == 1 && refused.errors.contains("there is no database at \(typo); an export would make one"), "\(refused.errors)")
        #expect(!FileManager.default.fileExists(atPath: typo) && !FileManager.default.fileExists(atPath: out))
        let demo = try await Self.run(["export", "--db", folder.appendingPathComponent("demo.sqlite").path, "--out", out, "--quiet"])
        #expect(demo.status == 0, "\(demo.errors)")
        #expect(FileManager.default.fileExists(atPath: out + "/groceries/index.html"))
    }

    @Test("an export under a file names the file that stands where a folder must go; one into folders not yet there makes them")
    func exportUnderAFile() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try Self.write("notes\n", to: "notes.txt", in: folder)
        let database = folder.appendingPathComponent("demo.sqlite").path
        for out in [file + "/site", file + "/", file] {
            let refused = try await Self.run(["export", "--db", database, "--out", out, "--quiet"])
            #expect(refused.status == 1 && refused.errors.contains("\(file): cannot write: a file stands here, not a folder, so nothing can be written inside it"),
                    "\(out): \(refused.errors)")
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "notes\n")
        let deep = folder.appendingPathComponent("a/b/site").path
        #expect(try await Self.run(["export", "--db", database, "--out", deep, "--quiet"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: deep + "/groceries/index.html"))
    }

    @Test("a database its user may not write is refused with what to do, not SQLite's words alone, and is left as it was",
          .enabled(if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "root needs setpriv to be another user"))
    func readOnlyDatabase() async throws {
        let folder = try RunningServer.folder()
        let shelf = folder.appendingPathComponent("shelf")
        try FileManager.default.createDirectory(at: shelf, withIntermediateDirectories: false)
        defer {
            chmod(shelf.path, 0o755)
            try? FileManager.default.removeItem(at: folder)
        }
        let database = shelf.appendingPathComponent("snapshot.sqlite").path
        let fruit = try Self.write("key,name\napple,Apple\n", to: "fruit.csv", in: folder)
        #expect(try await Self.run(["import", fruit, "--db", database]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        #expect(chmod(database, 0o444) == 0 && chmod(shelf.path, 0o555) == 0)
        // Root may write anything: the command runs as nobody then (setpriv is util-linux's).
        func run(_ arguments: [String]) async throws -> SpawnedProcess.Completed {
            guard getuid() == 0 else { return try await Self.run(arguments) }
            return try await SpawnedProcess.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", RunningServer.binary] + arguments,
                                                within: 60)
        }
        let dumped = try await run(["dump", "--db", database])
        #expect(dumped.status == 1, "\(dumped.output)")
        #expect(dumped.errors.contains("\(database): this user may not write the database, and even reading it writes there "
                                       + "(SQLite's -wal and -shm files); copy it into a folder you may write"), "\(dumped.errors)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
        // A database not made yet: its folder is what may not be written.
        let fresh = shelf.appendingPathComponent("fresh.sqlite").path
        let imported = try await run(["import", fruit, "--db", fresh])
        #expect(imported.status == 1 && imported.errors.contains("\(fresh): this user may not write its folder"), "\(imported.errors)")
        // In a folder anyone may write, the refusal leaves no -wal or -shm file of its own beside the database.
        #expect(chmod(shelf.path, 0o777) == 0)
        let again = try await run(["dump", "--db", database])
        #expect(again.status == 1 && again.errors.contains("\(database): this user may not write the database"), "\(again.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: shelf.path) == ["snapshot.sqlite"])
    }

    @Test("an export into a new folder stopped by Ctrl-C or SIGTERM, once or twice, leaves neither the folder nor a half-made one beside it")
    func interruptedExport() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try Self.write("""
            title: Many
            root: things
            scenes:
              things: { title: Things, list: things, cell: { text: "{name}" }, push: thing }
              thing: { title: "{name}", sections: [{ cells: [{ key: name, text: "{name}" }] }] }
            """, to: "app.yaml", in: folder)
        // Thirty thousand pages: seconds of work, well past the moment it is stopped.
        let things = try Self.write("name\n" + (0..<30_000).map { "Thing \($0)\n" }.joined(), to: "things.csv", in: folder)
        let database = folder.appendingPathComponent("things.sqlite").path
        #expect(try await Self.run(["import", things, "--db", database]).status == 0)
        let out = folder.appendingPathComponent("site").path
        // Once: the export stops making pages and removes its folder. Twice: the command removes it at once.
        for (number, stops) in [(SIGINT, [SpawnedProcess.interrupt]), (SIGTERM, [SpawnedProcess.terminate]),
                                (SIGTERM, [SpawnedProcess.interrupt, SpawnedProcess.terminate])] {
            let export = try SpawnedProcess(executable: RunningServer.binary,
                                            arguments: ["export", "--app", app, "--db", database, "--out", out, "--quiet"], standardError: .piped)
            let deadline = Date().addingTimeInterval(60)
            while export.isRunning, Date() < deadline,
                  try !FileManager.default.contentsOfDirectory(atPath: folder.path).contains(where: { $0.hasPrefix("site.tablestack-partial-") }) {
                try await Task.sleep(for: .milliseconds(20))
            }
            for stop in stops {
                stop(export)()
                try await Task.sleep(for: .milliseconds(50))
            }
            let errors = try await offThePool { export.collect(within: 60).errors }
            export.waitUntilExit()
            // Ended by the signal, as a script running it must see, once its folder is gone (by
            // the first of two when the export had stopped before the second came).
            #expect(export.terminationReason == .uncaughtSignal && (stops.count == 1 ? [number] : [SIGINT, SIGTERM]).contains(export.terminationStatus), "\(export.terminationStatus)")
            #expect(errors.contains(stops.count == 1 ? "interrupted; the export was not finished, and nothing is left of it" : "tablestack: interrupted"),
                    "\(errors)")
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("site") }
            #expect(left.isEmpty, "signal \(number): \(left)")
        }
    }

    @Test("a database a newer tablestack made is refused, not read and written by older rules")
    func newerSchema() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("newer.sqlite").path
        let fruit = try Self.write("key,name\napple,Apple\n", to: "fruit.csv", in: folder)
        #expect(try await Self.run(["import", fruit, "--db", database]).status == 0)
        // The header's user version (bytes 60-63, big-endian), as a newer schema's migration sets it.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: database))
        bytes.replaceSubrange(60..<64, with: [0, 0, 0, 99])
        try bytes.write(to: URL(fileURLWithPath: database))
        for command in [["dump"], ["import", fruit, "--list", "more"]] {
            let refused = try await Self.run(command + ["--db", database])
            #expect(refused.status == 1 && refused.errors.contains("schema version 99, newer than this tablestack knows"), "\(refused.errors)")
        }
        // No migration ran: the version is still the newer one.
        #expect(try Data(contentsOf: URL(fileURLWithPath: database))[60..<64].elementsEqual([0, 0, 0, 99]))
    }

    @Test("an import of several files loads all or none: a file that fails, or a key that clashes, leaves the database as it was")
    func importAllOrNothing() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("fruit.sqlite").path
        let apple = try Self.write("key,name\napple,Apple\n", to: "apple.csv", in: folder)
        let pear = try Self.write("key,name\npear,Pear\n", to: "pear.csv", in: folder)
        let broken = try Self.write("{\"fruit\": [\n  {\"name\": \"x\",]\n}", to: "broken.json", in: folder)
        #expect(try await Self.run(["import", apple, "--db", database, "--list", "fruit"]).status == 0)
        // Replacing everything with a good file and a broken one: the broken one stops it first.
        let replaced = try await Self.run(["import", pear, broken, "--db", database, "--list", "fruit", "--replace"])
        #expect(replaced.status == 1 && replaced.errors.contains("broken.json:2:"), "\(replaced.errors)")
        // A key the database holds already, after a file that would load.
        let clashed = try await Self.run(["import", pear, apple, "--db", database, "--list", "fruit"])
        #expect(clashed.status == 1, "\(clashed.output)")
        #expect(clashed.errors.contains("apple.csv: list fruit: the key \"apple\" is in the database already"), "\(clashed.errors)")
        #expect(clashed.errors.contains("nothing was imported"))
        // Keys are unique per list: the list named is the one whose key clashes, not another holding it.
        let red = try Self.write(#"{"colors": [{"key": "apple", "name": "Red"}]}"#, to: "red.json", in: folder)
        #expect(try await Self.run(["import", red, "--db", database]).status == 0)
        let fruit = try Self.write(#"{"fruit": [{"key": "apple-2", "name": "Green"}], "other": [{"key": "apple", "name": "A"}]}"#,
                                   to: "fruit.json", in: folder)
        let again = try await Self.run(["import", fruit, red, "--db", database])
        #expect(again.errors.contains("red.json: list colors: the key \"apple\" is in the database already"), "\(again.errors)")
        // One file given twice is said to be that, not a key used twice in it.
        let twice = try await Self.run(["import", pear, pear, "--db", database, "--list", "fruit", "--replace"])
        #expect(twice.status == 1 && Self.messages(twice) == ["tablestack: \(pear) is given twice: each of its items would clash with itself; nothing was imported"],
                "\(twice.errors)")
        // By another name too (a link to it).
        let link = folder.appendingPathComponent("pear-link.csv").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: pear)
        let linked = try await Self.run(["import", pear, link, "--db", database, "--list", "fruit", "--replace"])
        #expect(linked.status == 1 && linked.errors.contains("\(pear) (as \(link)) is given twice"), "\(linked.errors)")
        let dumped = try await Self.run(["dump", "--db", database]).output
        #expect(dumped.contains("\"Apple\"") && !dumped.contains("\"Pear\"") && !dumped.contains("\"Green\""), "\(dumped)")
    }

    @Test("a base path and a site URL of the accepted kinds export, and the sitemap's addresses are absolute")
    func acceptedSiteAddress() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("site").path
        let exported = try await Self.run(["export", "--out", out, "--base-path", "/tables/", "--site-url", "https://example.com/", "--quiet",
                                           "--db", folder.appendingPathComponent("demo.sqlite").path])
        #expect(exported.status == 0, "\(exported.errors)")
        let sitemap = try String(contentsOfFile: out + "/sitemap.xml", encoding: .utf8)
        #expect(sitemap.contains("<loc>https://example.com/tables/trails/</loc>"), "\(sitemap.prefix(400))")
    }

    @Test("a dump into a device or a pipe writes into it rather than replacing it; one that cannot be written all says why, exit 1")
    func dumpIntoDevices() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("kept.sqlite").path
        let fruit = try Self.write("key,name\napple,Apple\n", to: "fruit.csv", in: folder)
        #expect(try await Self.run(["import", fruit, "--db", database]).status == 0)
        let pipe = folder.appendingPathComponent("pipe").path
        try #require(mkfifo(pipe, 0o600) == 0)
        // A reader of the pipe, so that the writer's open does not wait for ever.
        let reading = Task.detached { FileHandle(forReadingAtPath: pipe)?.readDataToEndOfFile() }
        let piped = try await Self.run(["dump", "--db", database, "--out", pipe])
        #expect(piped.status == 0, "\(piped.errors)")
        #expect(String(decoding: await reading.value ?? Data(), as: UTF8.self).contains("\"apple\""))
        var info = stat()
        #expect(lstat(pipe, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "still a pipe")
        #expect(try await Self.run(["dump", "--db", database, "--out", "/dev/null"]).status == 0)
        #expect(lstat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "still a device")
        // A device with no room: the dump says so, whether named by --out or given as standard output.
        let full = try await Self.run(["dump", "--db", database, "--out", "/dev/full"])
        #expect(full.status == 1 && full.errors.contains("--out /dev/full: it cannot be written (No space left on device)"), "\(full.errors)")
        #expect(lstat("/dev/full", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "still a device")
        let toStandardOutput = try await SpawnedProcess.run("/bin/sh", ["-c", "\"$0\" dump --db \"$1\" > /dev/full", RunningServer.binary, database], within: 60)
        #expect(toStandardOutput.status == 1 && toStandardOutput.errors.contains("could not be written to standard output (No space left on device)"),
                "\(toStandardOutput.status): \(toStandardOutput.errors)")
    }

    @Test("options that would serve or export an unreachable site are refused, naming the option", arguments: [
        (["serve", "--port", "70000"], "--port must be from 0 to 65535"),
        // A negative number is a value, not an option, and each limit names itself alone.
        (["serve", "--port", "-1"], "--port must be from 0 to 65535 (0 picks a free one), not -1"),
        (["serve", "--port", "0", "--live-streams", "-5"], "--live-streams must be 0 or more, not -5"),
        (["serve", "--port", "0", "--max-body-size", "0"], "--max-body-size must be at least 1024 bytes, not 0"),
        (["serve", "--port", "0", "--max-connections", "-1"], "--max-connections must be at least 1, not -1"),
        (["serve", "--port", "0", "--change-log-days", "inf"], "--change-log-days must be above 0 and at most 36500"),
        (["serve", "--port", "0", "--change-log-days", "1e17"], "--change-log-days must be above 0 and at most 36500"),
        (["serve", "--port", "0", "--base-path", "//"], "--base-path must be a path of plain segments"),
        (["export", "--out", "OUT", "--base-path", "/a b/"], "--base-path must be a path of plain segments"),
        (["export", "--out", "OUT", "--site-url", "javascript:alert(1)"], "--site-url must be an http or https origin"),
        (["export", "--out", "OUT", "--site-url", "https://example.com/?q=1"], "--site-url must be an http or https origin"),
        // A sitemap's addresses are URLs: a port a connection can use, a host name in ASCII.
        (["export", "--out", "OUT", "--site-url", "https://example.com:99999"],
         "--site-url \"https://example.com:99999\": its port \"99999\" is not one a connection can use, written as a number (1 to 65535)"),
        (["export", "--out", "OUT", "--site-url", "https://example.com:"], "its port \"\" is not one a connection can use"),
        (["export", "--out", "OUT", "--site-url", "https://example.com:080"], "its port \"080\" is not one a connection can use"),
        (["export", "--out", "OUT", "--site-url", "https://example..com"], "\"example..com\" is not a host name"),
        (["export", "--out", "OUT", "--site-url", "https://-x.com/"], "\"-x.com\" is not a host name"),
        (["export", "--out", "OUT", "--site-url", "https://ex%61mple.com"], "\"ex%61mple.com\" is not a host name"),
        (["export", "--out", "OUT", "--site-url", "https://例え.jp"],
         "--site-url \"https://例え.jp\": its host name is not written in ASCII; write it in its xn-- form (IDNA), as links and sitemaps must"),
        (["serve", "--port", "0", "--public-url", "https://tables.example.com:0/"],
         "--public-url \"https://tables.example.com:0/\": its port \"0\" is not one a connection can use, written as a number (1 to 65535)"),
        (["export", "--out", "/"], "--out must name a folder for the site"),
        (["export", "--out", "PUBLIC/site", "--public", "PUBLIC"], "lies in the public folder"),
    ])
    func unreachableSites(arguments: [String], message: String) async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let assets = folder.appendingPathComponent("public").path
        try FileManager.default.createDirectory(atPath: assets, withIntermediateDirectories: true)
        let database = folder.appendingPathComponent("never.sqlite").path
        let resolved = arguments.map { $0.replacingOccurrences(of: "OUT", with: folder.appendingPathComponent("out").path)
            .replacingOccurrences(of: "PUBLIC", with: assets) }
        let refused = try await Self.run(resolved + ["--db", database])
        #expect(refused.status == 64 && refused.errors.contains(message), "\(refused.status): \(refused.errors)")
        #expect(!FileManager.default.fileExists(atPath: database), "nothing was opened")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test("a password or secret file that cannot be used stops serve before its database is made", arguments: [
        ("--editor-password-file", "MISSING", "--editor-password-file MISSING: there is no such file"),
        ("--editor-password-file", "SHORT", "SHORT:1:1: expected a password hash from `tablestack hash-password`"),
        ("--secret-file", "MISSING", "--secret-file MISSING: there is no such file"),
        ("--secret-file", "SHORT", "SHORT: the secret must hold at least 32 bytes"),
    ])
    func unusableStartFiles(option: String, file: String, message: String) async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let short = folder.appendingPathComponent("short.txt").path
        try Data("not a hash".utf8).write(to: URL(fileURLWithPath: short))
        let paths = ["MISSING": folder.appendingPathComponent("missing.txt").path, "SHORT": short]
        let database = folder.appendingPathComponent("never.sqlite").path
        let refused = try await Self.run(["serve", "--port", "0", option, paths[file]!, "--db", database])
        let expected = message.replacingOccurrences(of: file, with: paths[file]!)
        #expect(refused.status == 1 && refused.errors.contains(expected), "\(refused.status): \(refused.errors)")
        #expect(!FileManager.default.fileExists(atPath: database), "no database file was made")
    }
}
