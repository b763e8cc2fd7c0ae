import Foundation
import XCTest

@testable import VibesServices

final class ServiceEndpointsTests: XCTestCase {
  private let variable = ServiceEndpoints.geminiVariable
  private let fallback = GeminiClient.defaultBaseURL

  private func resolve(_ value: String?) -> (url: URL, ignoredOverride: Bool) {
    ServiceEndpoints.baseURL(
      variable, default: fallback, environment: value.map { [variable: $0] } ?? [:])
  }

  func testDefaults() {
    XCTAssertEqual(
      GeminiClient.defaultBaseURL.absoluteString, "https://generativelanguage.googleapis.com")
    XCTAssertEqual(TicketmasterClient.defaultBaseURL.absoluteString, "https://app.ticketmaster.com")
    XCTAssertEqual(ServiceEndpoints.geminiVariable, "VIBES_GEMINI_API_URL")
    XCTAssertEqual(ServiceEndpoints.ticketmasterVariable, "VIBES_TICKETMASTER_API_URL")
  }

  func testUnsetOrBlankUsesDefaultWithoutComplaint() {
    for value in [nil, "", "   "] {
      let result = resolve(value)
      XCTAssertEqual(result.url, fallback)
      XCTAssertFalse(result.ignoredOverride)
    }
    let other = ServiceEndpoints.baseURL(
      variable, default: fallback, environment: ["OTHER": "http://x"])
    XCTAssertEqual(other.url, fallback)
  }

  func testValidOverridesAreUsed() {
    for value in [
      "http://127.0.0.1:8080", "https://proxy.example.com/gemini", "HTTP://127.0.0.1:1/prefix/",
      "http://[::1]:9/",
    ] {
      let result = resolve(value)
      XCTAssertEqual(result.url.absoluteString, value, value)
      XCTAssertFalse(result.ignoredOverride, value)
    }
    XCTAssertEqual(resolve(" http://127.0.0.1:8080\n").url.absoluteString, "http://127.0.0.1:8080")
  }

  func testInvalidOverridesAreIgnoredAndReported() {
    for value in [
      "ftp://127.0.0.1", "127.0.0.1:8080", "localhost", "/relative/path", "http://", "http:///path",
      "file:///tmp",
      "not a url", "http://host/?key=1", "http://host/#x",
    ] {
      let result = resolve(value)
      XCTAssertEqual(result.url, fallback, value)
      XCTAssertTrue(result.ignoredOverride, value)
    }
  }

  func testEnvironmentConveniences() {
    let env = [
      "VIBES_GEMINI_API_URL": "http://127.0.0.1:1", "VIBES_TICKETMASTER_API_URL": "gopher://x",
    ]
    XCTAssertEqual(
      ServiceEndpoints.gemini(environment: env).url.absoluteString, "http://127.0.0.1:1")
    XCTAssertTrue(ServiceEndpoints.ticketmaster(environment: env).ignoredOverride)
    XCTAssertEqual(
      ServiceEndpoints.ticketmaster(environment: env).url, TicketmasterClient.defaultBaseURL)
  }

  func testURLBuildingAppendsToPrefixAndEncodesStrictly() throws {
    let cases: [(String, String)] = [
      ("http://h:1", "http://h:1/a/b"),
      ("http://h:1/", "http://h:1/a/b"),
      ("http://h:1/p", "http://h:1/p/a/b"),
      ("http://h:1/p//", "http://h:1/p/a/b"),
      ("https://h/p/q", "https://h/p/q/a/b"),
    ]
    for (base, expected) in cases {
      let url = ServiceEndpoints.url(base: URL(string: base)!, appending: "/a/b")
      XCTAssertEqual(url?.absoluteString, expected)
    }
    let url = try XCTUnwrap(
      ServiceEndpoints.url(
        base: URL(string: "http://h")!, appending: "x",
        query: [("city", "São Paulo & Co=1+2#3/?"), ("k", "a~b-c_d.e")]))
    XCTAssertEqual(
      url.absoluteString,
      "http://h/x?city=S%C3%A3o%20Paulo%20%26%20Co%3D1%2B2%233%2F%3F&k=a~b-c_d.e")
  }
}
