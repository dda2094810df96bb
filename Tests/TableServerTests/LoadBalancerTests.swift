import Foundation
import Testing
import TestSupport

/// The nginx configuration the deployment guide ships (`deploy/nginx.conf`), run as written
/// (its ports replaced) in front of two servers on one PostgreSQL database.
@Suite("Behind nginx, as docs/deployment.md sets it up", .serialized)
struct LoadBalancerTests {
    /// nginx with the shipped server block, forwarding to `backends`; stopped by the caller.
    final class Nginx: ReachableServer, @unchecked Sendable {
        let process: SpawnedProcess
        let port = PostgresCluster.freePort()
        let folder: URL

        init(backends: [RunningServer], folder: URL) throws {
            self.folder = folder
            let shipped = try String(contentsOf: ServedDemo.repository.appendingPathComponent("deploy/nginx.conf"), encoding: .utf8)
            var block = shipped.replacingOccurrences(of: "listen 8080;", with: "listen 127.0.0.1:\(port);")
            for (index, backend) in backends.enumerated() {
                block = block.replacingOccurrences(of: "127.0.0.1:\(8081 + index)", with: "127.0.0.1:\(backend.port)")
            }
            guard !block.contains("127.0.0.1:808") else { throw CocoaError(.fileReadCorruptFile) }  // a backend left unreplaced
            // The parts of nginx.conf around the block that a distribution's file provides.
            let configuration = """
                daemon off; worker_processes 1; pid \(folder.path)/nginx.pid; error_log \(folder.path)/nginx-error.log;
                events { worker_connections 256; }
                http { access_log off; client_body_temp_path \(folder.path)/body; proxy_temp_path \(folder.path)/proxy;
                \(block)
                }
                """
            try configuration.write(to: folder.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
            process = try SpawnedProcess(executable: "/usr/sbin/nginx",
                                         arguments: ["-e", folder.appendingPathComponent("nginx-error.log").path, "-p", folder.path,
                                                     "-c", folder.appendingPathComponent("nginx.conf").path])
            // Ready when it answers.
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline {
                if (try? Data(contentsOf: URL(string: base)!)) != nil { return }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }

        var base: String { "http://127.0.0.1:\(port)/" }

        func stop() {
            process.terminate()
            process.waitUntilExit()
        }
    }

    @Test("pages, edits and their conflicts work through nginx; a server killed meanwhile costs no page")
    func throughNginx() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx"), "make test installs nginx")
        let pair = try await SharedDatabaseTests.Pair()
        defer { pair.stop() }
        let nginx = try Nginx(backends: pair.servers, folder: pair.folder)
        defer { nginx.stop() }
        let site = nginx
        let alice = SharedDatabaseTests.Visitor(), bob = SharedDatabaseTests.Visitor()

        // Round robin: consecutive edits and pages land on both servers; each sees the last.
        for number in 0..<6 {
            let tokens = try await alice.editingTokens(site)
            let added = try await alice.post(site, "/groceries/_/add",
                                              [("csrf", tokens.csrf), ("revision", tokens.revision), ("name", "Via nginx \(number)"), ("quantity", "1")])
            #expect(added.status == 200)
            #expect(SharedDatabaseTests.rows(try await alice.get(site, "/groceries/").html).last == "Via nginx \(number)")
        }
        let bobEggs = try await bob.detailForm(site, item: "eggs")
        let aliceEggs = try await alice.detailForm(site, item: "eggs")
        #expect(try await alice.post(site, "/groceries/eggs/_/save", SharedDatabaseTests.replacing(aliceEggs, "quantity", with: "30")).status == 200)
        #expect(try await bob.post(site, "/groceries/eggs/_/save", SharedDatabaseTests.replacing(bobEggs, "quantity", with: "2")).status == 409)

        // One server dies: nginx sends the pages to the other.
        pair.servers[0].process.kill()
        pair.servers[0].process.waitUntilExit()
        for _ in 0..<4 {
            let page = try await bob.get(site, "/groceries/")
            #expect(page.status == 200)
            #expect(SharedDatabaseTests.rows(page.html).contains("Via nginx 5"))
        }
    }
}
