import Testing
@testable import TableStore

@Suite("The folder part of a path")
struct FilePathsTests {
    @Test("as deletingLastPathComponent gives it, without its crash on . and ./", arguments: [
        (".", ""), ("./", ""), ("a", ""), ("a/", ""), ("/", "/"), ("/a", "/"), ("//a", "/"), ("a/b", "a"), ("a//b/", "a"),
        ("/x/y/z.json", "/x/y"), ("./site", "."), ("../db.sqlite", ".."),
    ])
    func folder(path: String, folder: String) {
        #expect(FilePaths.folder(of: path) == folder, "\(path)")
    }
}
