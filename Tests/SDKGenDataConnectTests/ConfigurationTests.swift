import Foundation
import XCTest
@testable import SDKGenDataConnect

final class ConfigurationTests: XCTestCase {
    private func temporaryFile(_ contents: Data) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("GoogleService-Info-\(UUID().uuidString).plist")
        try contents.write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    private func plist(_ entries: [String: Any]) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: entries, format: .xml, options: 0)
    }

    func testReadsGoogleServiceInfoPlistFromAPath() throws {
        let path = try temporaryFile(try plist([
            "PROJECT_ID": "demo-project", "API_KEY": "AIzaKey", "GOOGLE_APP_ID": "1:42:ios:ff", "BUNDLE_ID": "ignored",
        ]))
        let options = try DataConnectAppOptions(contentsOfFile: path)
        XCTAssertEqual(options.projectID, "demo-project")
        XCTAssertEqual(options.apiKey, "AIzaKey")
        XCTAssertEqual(options.googleAppID, "1:42:ios:ff")
        XCTAssertEqual(options.requestTimeout, 30)
        XCTAssertNil(options.authTokenProvider)
    }

    func testReadsBinaryPlistData() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["PROJECT_ID": "p"], format: .binary, options: 0)
        let options = try DataConnectAppOptions(googleServiceInfoPlist: data)
        XCTAssertEqual(options.projectID, "p")
        XCTAssertNil(options.apiKey)
    }

    func testPlistErrors() throws {
        let cases: [(Data, String)] = [
            (try plist(["API_KEY": "k"]), "GoogleService-Info.plist data has no PROJECT_ID string"),
            (try plist(["PROJECT_ID": ""]), "GoogleService-Info.plist data has no PROJECT_ID string"),
            (Data("not a plist".utf8), "GoogleService-Info.plist data is not a property list"),
            (try PropertyListSerialization.data(fromPropertyList: ["a"], format: .xml, options: 0),
             "GoogleService-Info.plist data is not a dictionary property list"),
        ]
        for (data, message) in cases {
            XCTAssertThrowsError(try DataConnectAppOptions(googleServiceInfoPlist: data)) { error in
                XCTAssertEqual((error as? DataConnectInitError)?.code, .invalidConfiguration)
                XCTAssertEqual((error as? DataConnectInitError)?.message, message)
            }
        }
        XCTAssertThrowsError(try DataConnectAppOptions(contentsOfFile: "/nonexistent/GoogleService-Info.plist")) { error in
            XCTAssertEqual((error as? DataConnectInitError)?.code, .invalidConfiguration)
        }
    }

    func testMainBundleWithoutPlistIsAConfigurationError() {
        XCTAssertThrowsError(try DataConnectAppOptions.fromMainBundle()) { error in
            XCTAssertEqual((error as? DataConnectInitError)?.code, .invalidConfiguration)
        }
    }

    func testAppNamesAreUnique() throws {
        let name = "unique-\(UUID().uuidString)"
        let app = try DataConnectApp.configure(name: name, options: DataConnectAppOptions(projectID: "p"))
        XCTAssertTrue(DataConnectApp.app(name: name) === app)
        XCTAssertThrowsError(try DataConnectApp.configure(name: name, options: DataConnectAppOptions(projectID: "q"))) { error in
            XCTAssertEqual((error as? DataConnectInitError)?.code, .appAlreadyConfigured)
        }
        app.delete()
        XCTAssertNil(DataConnectApp.app(name: name))
        XCTAssertNoThrow(try DataConnectApp.configure(name: name, options: DataConnectAppOptions(projectID: "q")).delete())
    }

    func testEmptyProjectIDIsRejected() {
        XCTAssertThrowsError(try DataConnectApp.configure(name: "empty-\(UUID())", options: DataConnectAppOptions(projectID: ""))) { error in
            XCTAssertEqual((error as? DataConnectInitError)?.code, .invalidConfiguration)
        }
    }

    func testNonPositiveTimeoutIsRejected() {
        for timeout in [0, -1, Double.infinity] {
            let options = DataConnectAppOptions(projectID: "p", requestTimeout: timeout)
            XCTAssertThrowsError(try DataConnectApp.configure(name: "timeout-\(UUID())", options: options)) { error in
                XCTAssertEqual((error as? DataConnectInitError)?.code, .invalidConfiguration)
            }
        }
    }

    // The only test that touches the default app; it removes it again.
    func testInstanceCreatedBeforeConfigurationUsesTheDefaultAppOnceConfigured() async throws {
        XCTAssertNil(DataConnectApp.app())
        let connector = ConnectorConfig(serviceId: "s", location: "l", connector: "late-\(UUID().uuidString.lowercased())")
        let dataConnect = DataConnect.dataConnect(connectorConfig: connector, callerSDKType: .generated)
        let ref = dataConnect.mutation(name: "AddMovie", variables: NoVariables(), resultsDataType: InsertData.self)
        let notConfigured = try await expectError(DataConnectInitError.self) { _ = try await ref.execute() }
        XCTAssertEqual(notConfigured.code, .appNotConfigured)

        let server = StubServer()
        server.enqueueData("{\"movie_insert\": {\"id\": \"\(Sample.uuidWire)\"}}")
        let app = try DataConnectApp.configure(options: DataConnectAppOptions(projectID: server.projectID, urlSession: StubServer.session))
        defer { app.delete() }
        XCTAssertEqual(app.name, DataConnectApp.defaultName)
        let result = try await ref.execute()
        XCTAssertEqual(result.data?.movie_insert.id, Sample.uuid)
        XCTAssertTrue(DataConnect.dataConnect(connectorConfig: connector) === dataConnect)
    }

    func testDeletingAnAppDropsItsInstances() throws {
        let server = StubServer()
        let first = try TestEnvironment.dataConnect(server)
        DataConnectApp.app(name: "app-\(server.projectID)")?.delete()
        let app = try DataConnectApp.configure(name: "app-\(server.projectID)", options: DataConnectAppOptions(projectID: "x"))
        defer { app.delete() }
        XCTAssertFalse(DataConnect.dataConnect(app: app, connectorConfig: TestEnvironment.connector) === first)
    }

    func testLaterSettingsAreIgnoredForAnExistingInstance() throws {
        let server = StubServer()
        let dataConnect = try TestEnvironment.dataConnect(server, settings: DataConnectSettings(host: "first.example"))
        let again = DataConnect.dataConnect(
            app: DataConnectApp.app(name: "app-\(server.projectID)"), connectorConfig: TestEnvironment.connector,
            settings: DataConnectSettings(host: "second.example"))
        XCTAssertTrue(again === dataConnect)
        XCTAssertEqual(again.settings.host, "first.example")
        XCTAssertEqual(again.connectorConfig, TestEnvironment.connector)
    }

    func testEmulatorEnvironmentVariableAppliesToNewInstances() throws {
        setenv(EmulatorEnvironment.variableName, "localhost:9555", 1)
        defer { unsetenv(EmulatorEnvironment.variableName) }
        let server = StubServer()
        let cache = CacheSettings(storage: .memory, maxAge: 9)
        let dataConnect = try TestEnvironment.dataConnect(server, settings: DataConnectSettings(cacheSettings: cache))
        XCTAssertEqual(dataConnect.settings, DataConnectSettings(host: "localhost", port: 9555, sslEnabled: false))
        XCTAssertEqual(dataConnect.settings.cacheSettings?.maxAge, 9)
    }

    func testSettingsEqualityIgnoresTheCache() {
        XCTAssertEqual(
            DataConnectSettings(cacheSettings: CacheSettings(maxAge: 1)),
            DataConnectSettings(cacheSettings: nil))
        XCTAssertNotEqual(DataConnectSettings(port: 1), DataConnectSettings(port: 2))
        XCTAssertEqual(DataConnectSettings().host, "firebasedataconnect.googleapis.com")
        XCTAssertEqual(DataConnect.EmulatorDefaults.host, "127.0.0.1")
        XCTAssertEqual(DataConnect.EmulatorDefaults.port, 9399)
    }

    func testErrorDescriptionsAndCodes() {
        let error = DataConnectTransportError(code: .httpError, message: "HTTP 500", statusCode: 500, underlyingError: URLError(.badServerResponse))
        XCTAssertEqual(error.description, "DataConnectTransportError(httpError): HTTP 500")
        XCTAssertTrue(error.debugDescription.hasPrefix("DataConnectTransportError(httpError): HTTP 500 [underlying: "))
        XCTAssertEqual(DataConnectInternalError(code: .internalError, message: nil).description, "DataConnectInternalError(internalError)")
        XCTAssertEqual(DataConnectCodecError.Code.allCases.map(\.description),
                       ["encodingFailed", "decodingFailed", "invalidUUID", "invalidTimestampFormat", "invalidLocalDateFormat"])
        XCTAssertEqual(DataConnectInitError.Code.allCases.count, 4)
        XCTAssertEqual(AnyDataConnectError(dataConnectError: error).description, error.description)
    }
}
