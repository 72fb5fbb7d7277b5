// Queue names, key builders and the slot beyond the vector file: the refusal matrix and key parsing.
#include <catch2/catch_test_macros.hpp>
#include <string>

#include "branded/branded.hpp"

using namespace std::string_literals;

TEST_CASE("the queue-name refusal matrix") {
  for (const std::string& bad : {"a{b"s, "a}b"s, "a\0b"s, "a:b"s, "a b"s, "caf\xC3\xA9"s, ""s, std::string(129, 'q'),
                                 "emq"s, "\xFF"s, "a\tb"s}) {
    INFO(bad);
    CHECK_FALSE(branded::valid_queue(bad));
    CHECK(branded::job_key(bad, "JOB0KHTOWnGLuC").error == branded::Error::queue);
    CHECK(branded::queue_key(bad, "pending").error == branded::Error::queue);
  }
  CHECK(branded::valid_queue(std::string(128, 'q')));
}

TEST_CASE("job_key runs the full host check on the id") {
  CHECK(branded::job_key("orders", "JOB0KHTOWnGLuC").value == "emq:{orders}:job:JOB0KHTOWnGLuC");
  CHECK(branded::job_key("orders", "USR0KHTOWnGLuC").ok());
  CHECK(branded::job_key("orders", "JOB-42").error == branded::Error::length);
  CHECK(branded::job_key("orders", "JOB0KHTOWnGL!C").error == branded::Error::charset);
  CHECK(branded::job_key("orders", "JOBzzzzzzzzzzz").error == branded::Error::range);
}

TEST_CASE("queue_of_key and is_job_key read keys back exactly") {
  CHECK(branded::queue_of_key("emq:{orders}:pending", "pending").value == "orders");
  CHECK(branded::queue_of_key("emq:{orders}:pending", "job").error == branded::Error::queue);
  CHECK_FALSE(branded::queue_of_key("emq:{orders}:pendingx", "pending").ok());
  CHECK_FALSE(branded::queue_of_key("emq:{}:pending", "pending").ok());
  CHECK_FALSE(branded::queue_of_key("emq:{emq}:pending", "pending").ok());
  CHECK_FALSE(branded::queue_of_key("emq:{orders", "pending").ok());
  CHECK_FALSE(branded::queue_of_key("xmq:{orders}:pending", "pending").ok());
  CHECK(branded::is_job_key("emq:{q}:job:JOB0KHTOWnGLuC", "q", "JOB0KHTOWnGLuC"));
  CHECK_FALSE(branded::is_job_key("emq:{q}:job:JOB0KHTOWnGLuD", "q", "JOB0KHTOWnGLuC"));
  CHECK_FALSE(branded::is_job_key("emq:{r}:job:JOB0KHTOWnGLuC", "q", "JOB0KHTOWnGLuC"));
  CHECK_FALSE(branded::is_job_key("emq:{q}:job:JOB0KHTOWnGLuC ", "q", "JOB0KHTOWnGLuC"));
}

TEST_CASE("all keys of one queue share its slot; the fence lives elsewhere") {
  const auto job = branded::job_key("orders", "JOB0KHTOWnGLuC").value;
  const auto pending = branded::pending_key("orders").value;
  CHECK(branded::slot(job) == branded::slot(pending));
  CHECK(branded::slot(job) == branded::slot("{orders}"));
  CHECK(branded::slot(branded::FENCE_KEY) != branded::slot(pending));
  CHECK(branded::hashtag("emq:{}:pending") == "emq:{}:pending");
  CHECK(branded::hashtag("a{b}c{d}") == "b");
}
