CREATE TABLE "organisation_hosts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"host" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sso_provider" jsonb,
	"minor_age" integer DEFAULT 18 NOT NULL,
	"currency_symbol" text DEFAULT '£' NOT NULL,
	"date_format" text DEFAULT 'DD/MM/Y' NOT NULL,
	"timezone" text DEFAULT 'Europe/London' NOT NULL,
	"features" jsonb,
	"package_features" jsonb,
	"tech_features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT 'General' NOT NULL,
	CONSTRAINT "permissions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "role_profile_permissions" (
	"role_profile_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "role_profile_permissions_role_profile_id_permission_id_pk" PRIMARY KEY("role_profile_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "role_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"display_name" text NOT NULL,
	"disclaimer" text,
	"enforce_two_factor" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"company_name" text,
	"street" text NOT NULL,
	"street_second" text,
	"street_third" text,
	"city" text NOT NULL,
	"county" text,
	"postcode" text NOT NULL,
	"country" text DEFAULT 'United Kingdom' NOT NULL,
	"from_date" date,
	"to_date" date,
	"historical" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_denied_permissions" (
	"user_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "user_denied_permissions_user_id_permission_id_pk" PRIMARY KEY("user_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "user_email_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_guardians" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"guardian_user_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_permissions" (
	"user_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "user_permissions_user_id_permission_id_pk" PRIMARY KEY("user_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "user_phone_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"phone_number" text NOT NULL,
	"country_code" text DEFAULT 'GB' NOT NULL,
	"primary" boolean DEFAULT false NOT NULL,
	"default_sms" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"role_profile_id" integer NOT NULL,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "user_statuses_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_supervisors" (
	"user_id" integer NOT NULL,
	"supervisor_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_supervisors_user_id_supervisor_user_id_pk" PRIMARY KEY("user_id","supervisor_user_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"title" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"preferred_name" text,
	"dob" date,
	"status_id" integer DEFAULT 1 NOT NULL,
	"password_hash" text,
	"sso_subject" text,
	"two_factor_enabled" boolean DEFAULT false NOT NULL,
	"two_factor_method" text,
	"two_factor_secret" text,
	"credentials_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"region" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_types" (
	"mime" text PRIMARY KEY NOT NULL,
	"extension" text NOT NULL,
	"kind" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" integer NOT NULL,
	"uploaded_by_user_id" integer,
	"owner_user_id" integer,
	"uploaded_from" text,
	"storage_name" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"ephemeral" boolean DEFAULT true NOT NULL,
	"attached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storageName_unique" UNIQUE("storage_name")
);
--> statement-breakpoint
CREATE TABLE "timezones" (
	"name" text PRIMARY KEY NOT NULL,
	"display_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"transport" text NOT NULL,
	"error" text,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "motivations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"content" text NOT NULL,
	"public" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_change_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"consent_id" integer NOT NULL,
	"created_by_user_id" integer,
	"old_value" text,
	"new_value" text,
	"timezone" text DEFAULT 'Europe/London' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_change_logs_changed_check" CHECK ("consent_change_logs"."old_value" is not null or "consent_change_logs"."new_value" is not null)
);
--> statement-breakpoint
CREATE TABLE "consent_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"consent_id" integer NOT NULL,
	"value" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "consent_options_consent_id_unique" UNIQUE("consent_id","id")
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"statement" text NOT NULL,
	"compulsory" boolean DEFAULT false NOT NULL,
	"type" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consents_type_check" CHECK ("consents"."type" in ('radio', 'checkbox', 'multiple-checkboxes'))
);
--> statement-breakpoint
CREATE TABLE "terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"link" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_consent_answers" (
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"consent_id" integer NOT NULL,
	"consent_option_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_consent_answers_user_id_consent_id_consent_option_id_pk" PRIMARY KEY("user_id","consent_id","consent_option_id")
);
--> statement-breakpoint
CREATE TABLE "opportunities" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"slug" text NOT NULL,
	"type" text NOT NULL,
	"display_name" text NOT NULL,
	"public_url" text,
	"role_profile_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"default_phone_country_code" text DEFAULT 'GB' NOT NULL,
	"start_date" date,
	"end_date" date,
	"description" text,
	"published" boolean DEFAULT false NOT NULL,
	"country" text,
	"county" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunities_dates_check" CHECK ("opportunities"."end_date" is null or "opportunities"."start_date" is null or "opportunities"."end_date" >= "opportunities"."start_date"),
	CONSTRAINT "opportunities_county_check" CHECK ("opportunities"."county" is null or "opportunities"."country" is not null)
);
--> statement-breakpoint
CREATE TABLE "opportunity_sub_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"opportunity_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opportunity_timeslots" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"sub_location_id" integer NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"min_duration" integer,
	"max_duration" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "opportunity_timeslots_range_check" CHECK ("opportunity_timeslots"."ends_at" is null or "opportunity_timeslots"."starts_at" is null or "opportunity_timeslots"."ends_at" > "opportunity_timeslots"."starts_at"),
	CONSTRAINT "opportunity_timeslots_duration_check" CHECK (("opportunity_timeslots"."min_duration" is null or "opportunity_timeslots"."min_duration" > 0) and ("opportunity_timeslots"."max_duration" is null or "opportunity_timeslots"."min_duration" is null or "opportunity_timeslots"."max_duration" >= "opportunity_timeslots"."min_duration"))
);
--> statement-breakpoint
CREATE TABLE "attribute_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attribute_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"value" text NOT NULL,
	"display" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"default_selected" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"category_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"compulsory" boolean DEFAULT false NOT NULL,
	"permission" text DEFAULT 'write' NOT NULL,
	"custom_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attributes_type_check" CHECK ("attributes"."type" in ('text', 'integer', 'date', 'datetime', 'html', 'email', 'telephone', 'boolean', 'decimal', 'currency', 'dropdown', 'startenddate', 'checkboxes', 'radio', 'files', 'file', 'photo', 'link')),
	CONSTRAINT "attributes_permission_check" CHECK ("attributes"."permission" in ('write', 'read-only'))
);
--> statement-breakpoint
CREATE TABLE "document_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_section_additional_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_section_attributes" (
	"organisation_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	CONSTRAINT "form_section_attributes_section_id_attribute_id_pk" PRIMARY KEY("section_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "form_section_consents" (
	"organisation_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"consent_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "form_section_consents_section_id_consent_id_pk" PRIMARY KEY("section_id","consent_id")
);
--> statement-breakpoint
CREATE TABLE "form_section_documents" (
	"organisation_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"document_type_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "form_section_documents_section_id_document_type_id_pk" PRIMARY KEY("section_id","document_type_id")
);
--> statement-breakpoint
CREATE TABLE "form_section_questions" (
	"organisation_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "form_section_questions_section_id_question_id_pk" PRIMARY KEY("section_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "form_section_terms" (
	"organisation_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "form_section_terms_section_id_term_id_pk" PRIMARY KEY("section_id","term_id")
);
--> statement-breakpoint
CREATE TABLE "form_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"opportunity_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"requested_references" integer,
	"reference_length" integer,
	"min_address_history" integer,
	"minimum_age" integer,
	"apply_right_to_work" boolean DEFAULT false NOT NULL,
	"phone_number_compulsory" boolean DEFAULT false NOT NULL,
	"diversity_compulsory" boolean DEFAULT false NOT NULL,
	"diversity_mode" text DEFAULT 'fixed' NOT NULL,
	"require_password" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_sections_type_check" CHECK ("form_sections"."type" in ('basic-details', 'motivation', 'address-details', 'about-you', 'supporting-documents', 'references', 'residential', 'diversity', 'review-apply')),
	CONSTRAINT "form_sections_diversity_mode_check" CHECK ("form_sections"."diversity_mode" in ('fixed', 'v2')),
	CONSTRAINT "form_sections_numbers_check" CHECK (("form_sections"."requested_references" is null or "form_sections"."requested_references" >= 0)
        and ("form_sections"."reference_length" is null or "form_sections"."reference_length" >= 0)
        and ("form_sections"."min_address_history" is null or "form_sections"."min_address_history" >= 0)
        and ("form_sections"."minimum_age" is null or "form_sections"."minimum_age" >= 0))
);
--> statement-breakpoint
CREATE TABLE "question_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"value" text NOT NULL,
	"display" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"default_selected" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"compulsory" boolean DEFAULT false NOT NULL,
	"custom_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_type_check" CHECK ("questions"."type" in ('text', 'integer', 'date', 'datetime', 'html', 'email', 'telephone', 'boolean', 'decimal', 'currency', 'dropdown', 'startenddate', 'checkboxes', 'radio', 'files', 'file', 'photo', 'link'))
);
--> statement-breakpoint
CREATE TABLE "user_attribute_value_files" (
	"organisation_id" integer NOT NULL,
	"value_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_attribute_value_files_value_id_file_id_pk" PRIMARY KEY("value_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "user_attribute_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"value" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diversity_options" (
	"id" integer PRIMARY KEY NOT NULL,
	"field" text NOT NULL,
	"label" text NOT NULL,
	"is_other" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "diversity_options_field_check" CHECK ("diversity_options"."field" in ('gender', 'gender_assigned', 'registered_disabled', 'nationality', 'ethnicity', 'sexuality', 'disabled_select', 'religion'))
);
--> statement-breakpoint
CREATE TABLE "diversity_question_dependencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"parent_question_id" integer NOT NULL,
	"parent_option_id" integer NOT NULL,
	CONSTRAINT "diversity_question_dependencies_not_self_check" CHECK ("diversity_question_dependencies"."question_id" <> "diversity_question_dependencies"."parent_question_id")
);
--> statement-breakpoint
CREATE TABLE "diversity_question_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"option_text" text NOT NULL,
	"is_other" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "diversity_question_options_question_id_unique" UNIQUE("question_id","id")
);
--> statement-breakpoint
CREATE TABLE "diversity_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"question_text" text NOT NULL,
	"is_multiple_select" boolean DEFAULT false NOT NULL,
	"compulsory" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_diversity_answers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"gender_id" integer,
	"gender_assigned_id" integer,
	"nationality_id" integer,
	"nationality_other" text,
	"ethnicity_id" integer,
	"ethnicity_other" text,
	"sexuality_id" integer,
	"sexuality_other" text,
	"registered_disabled_id" integer,
	"disabled_select_id" integer,
	"disabled_select_other" text,
	"religion_id" integer,
	"religion_other" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_diversity_question_answer_options" (
	"organisation_id" integer NOT NULL,
	"answer_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	CONSTRAINT "user_diversity_question_answer_options_answer_id_option_id_pk" PRIMARY KEY("answer_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "user_diversity_question_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"other_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_diversity_question_answers_id_question_unique" UNIQUE("id","question_id")
);
--> statement-breakpoint
CREATE TABLE "diversity_access_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"reader_user_id" integer NOT NULL,
	"subject_user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_additional_consents" (
	"organisation_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"additional_consent_id" integer NOT NULL,
	"agreed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_additional_consents_application_id_additional_consent_id_pk" PRIMARY KEY("application_id","additional_consent_id")
);
--> statement-breakpoint
CREATE TABLE "application_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"company_name" text,
	"street" text NOT NULL,
	"street_second" text,
	"street_third" text,
	"city" text NOT NULL,
	"county" text,
	"postcode" text NOT NULL,
	"country" text DEFAULT 'United Kingdom' NOT NULL,
	"from_date" date,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"document_type_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_question_answer_files" (
	"organisation_id" integer NOT NULL,
	"answer_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "application_question_answer_files_answer_id_file_id_pk" PRIMARY KEY("answer_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "application_question_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"value" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_references" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone_number" text,
	"phone_country_code" text,
	"request_sent_at" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_references_contact_check" CHECK ("application_references"."email" is not null or "application_references"."phone_number" is not null)
);
--> statement-breakpoint
CREATE TABLE "application_terms" (
	"organisation_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_terms_application_id_term_id_pk" PRIMARY KEY("application_id","term_id")
);
--> statement-breakpoint
CREATE TABLE "application_timeslots" (
	"organisation_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"timeslot_id" integer NOT NULL,
	CONSTRAINT "application_timeslots_application_id_timeslot_id_pk" PRIMARY KEY("application_id","timeslot_id")
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"opportunity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"application_key" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"completed_at" timestamp with time zone,
	"submitted_by_user_id" integer,
	"idempotency_key" text,
	"why" text,
	"motivation_id" integer,
	"special_requirements_bool" boolean,
	"special_requirements" text,
	"right_to_volunteer" text,
	"willing_to_share" boolean,
	"parents_first_name" text,
	"parents_last_name" text,
	"parents_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_applicationKey_unique" UNIQUE("application_key"),
	CONSTRAINT "applications_status_check" CHECK ("applications"."status" in ('pending', 'submitted', 'accepted', 'declined', 'withdrawn')),
	CONSTRAINT "applications_right_to_volunteer_check" CHECK ("applications"."right_to_volunteer" in ('yes', 'no', 'unsure'))
);
--> statement-breakpoint
CREATE TABLE "opportunity_apply_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"opportunity_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"reference_id" integer NOT NULL,
	"question_id" integer,
	"question" text NOT NULL,
	"type" text NOT NULL,
	"answer" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reference_answers_type_check" CHECK ("reference_answers"."type" in ('text', 'yes-no'))
);
--> statement-breakpoint
CREATE TABLE "reference_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"question" text NOT NULL,
	"type" text NOT NULL,
	"compulsory" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reference_questions_type_check" CHECK ("reference_questions"."type" in ('text', 'yes-no'))
);
--> statement-breakpoint
CREATE TABLE "reference_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"reference_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "residential_booking_linked_applicants" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "residential_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"application_id" integer,
	"team_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"willing_to_share" boolean DEFAULT false NOT NULL,
	"requirements_radio" boolean DEFAULT false NOT NULL,
	"requirements" text,
	"gender_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"cancel_reason_id" integer,
	"cancel_note" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "residential_bookings_dates_check" CHECK ("residential_bookings"."end_date" > "residential_bookings"."start_date"),
	CONSTRAINT "residential_bookings_gender_check" CHECK ("residential_bookings"."gender_id" in (1, 2, 3, 4)),
	CONSTRAINT "residential_bookings_status_check" CHECK ("residential_bookings"."status" in ('pending', 'confirmed', 'cancelled')),
	CONSTRAINT "residential_bookings_cancellation_check" CHECK ("residential_bookings"."status" = 'cancelled' or ("residential_bookings"."cancel_reason_id" is null and "residential_bookings"."cancelled_at" is null))
);
--> statement-breakpoint
CREATE TABLE "residential_cancel_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_changeover_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"day_of_week" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_changeover_days_day_check" CHECK ("team_changeover_days"."day_of_week" between 0 and 6),
	CONSTRAINT "team_changeover_days_dates_check" CHECK ("team_changeover_days"."end_date" is null or "team_changeover_days"."end_date" >= "team_changeover_days"."start_date")
);
--> statement-breakpoint
CREATE TABLE "team_room_unavailable_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_room_unavailable_periods_dates_check" CHECK ("team_room_unavailable_periods"."to_date" >= "team_room_unavailable_periods"."from_date")
);
--> statement-breakpoint
CREATE TABLE "team_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"beds" integer NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_rooms_beds_check" CHECK ("team_rooms"."beds" > 0)
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"factors" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"replaced_by" uuid
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "security_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer,
	"user_id" integer,
	"event" text NOT NULL,
	"outcome" text NOT NULL,
	"factor" text,
	"ip" text,
	"user_agent" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "single_use_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"challenge_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sso_states" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"binding_hash" text NOT NULL,
	"redirect" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trusted_devices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "two_factor_challenges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"method" text NOT NULL,
	"code_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"intended" text,
	"pending_secret" text,
	"pending_contact" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "used_totp_steps" (
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"time_step" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "used_totp_steps_user_id_time_step_pk" PRIMARY KEY("user_id","time_step")
);
--> statement-breakpoint
CREATE TABLE "application_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"application_id" integer,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"source_key" text NOT NULL,
	"company" text,
	"unit" text,
	"number" text,
	"street" text NOT NULL,
	"city" text,
	"district" text,
	"region" text,
	"postcode" text NOT NULL,
	"country" text DEFAULT 'United Kingdom' NOT NULL,
	"longitude" double precision,
	"latitude" double precision,
	"postcode_key" text GENERATED ALWAYS AS (upper(regexp_replace("addresses"."postcode", '\s', '', 'g'))) STORED NOT NULL,
	"street_key" text GENERATED ALWAYS AS (lower("addresses"."street") || '|' || lower(coalesce("addresses"."city", ''))) STORED NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, regexp_replace(coalesce("addresses"."company", '') || ' ' || coalesce("addresses"."unit", '') || ' ' || coalesce("addresses"."number", '') || ' ' || "addresses"."street" || ' ' || coalesce("addresses"."city", '') || ' ' || coalesce("addresses"."district", '') || ' ' || "addresses"."postcode" || ' ' || upper(regexp_replace("addresses"."postcode", '\s', '', 'g')), '[[:punct:]]+', ' ', 'g'))) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisation_hosts" ADD CONSTRAINT "organisation_hosts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_profile_permissions" ADD CONSTRAINT "role_profile_permissions_role_profile_id_role_profiles_id_fk" FOREIGN KEY ("role_profile_id") REFERENCES "public"."role_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_profile_permissions" ADD CONSTRAINT "role_profile_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_profiles" ADD CONSTRAINT "role_profiles_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_addresses" ADD CONSTRAINT "user_addresses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_addresses" ADD CONSTRAINT "user_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_denied_permissions" ADD CONSTRAINT "user_denied_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_denied_permissions" ADD CONSTRAINT "user_denied_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_email_addresses" ADD CONSTRAINT "user_email_addresses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_email_addresses" ADD CONSTRAINT "user_email_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_guardians" ADD CONSTRAINT "user_guardians_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_guardians" ADD CONSTRAINT "user_guardians_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_guardians" ADD CONSTRAINT "user_guardians_guardian_user_id_users_id_fk" FOREIGN KEY ("guardian_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_phone_numbers" ADD CONSTRAINT "user_phone_numbers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_phone_numbers" ADD CONSTRAINT "user_phone_numbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_profile_id_role_profiles_id_fk" FOREIGN KEY ("role_profile_id") REFERENCES "public"."role_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_supervisors" ADD CONSTRAINT "user_supervisors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_supervisors" ADD CONSTRAINT "user_supervisors_supervisor_user_id_users_id_fk" FOREIGN KEY ("supervisor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_id_user_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."user_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motivations" ADD CONSTRAINT "motivations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_change_logs" ADD CONSTRAINT "consent_change_logs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_change_logs" ADD CONSTRAINT "consent_change_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_change_logs" ADD CONSTRAINT "consent_change_logs_consent_id_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."consents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_change_logs" ADD CONSTRAINT "consent_change_logs_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_options" ADD CONSTRAINT "consent_options_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_options" ADD CONSTRAINT "consent_options_consent_id_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."consents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms" ADD CONSTRAINT "terms_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_consent_answers" ADD CONSTRAINT "user_consent_answers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_consent_answers" ADD CONSTRAINT "user_consent_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_consent_answers" ADD CONSTRAINT "user_consent_answers_consent_id_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."consents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_consent_answers" ADD CONSTRAINT "user_consent_answers_option_fk" FOREIGN KEY ("consent_id","consent_option_id") REFERENCES "public"."consent_options"("consent_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_role_profile_id_role_profiles_id_fk" FOREIGN KEY ("role_profile_id") REFERENCES "public"."role_profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_country_countries_region_fk" FOREIGN KEY ("country") REFERENCES "public"."countries"("region") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_sub_locations" ADD CONSTRAINT "opportunity_sub_locations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_sub_locations" ADD CONSTRAINT "opportunity_sub_locations_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_timeslots" ADD CONSTRAINT "opportunity_timeslots_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_timeslots" ADD CONSTRAINT "opportunity_timeslots_sub_location_id_opportunity_sub_locations_id_fk" FOREIGN KEY ("sub_location_id") REFERENCES "public"."opportunity_sub_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_categories" ADD CONSTRAINT "attribute_categories_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_options" ADD CONSTRAINT "attribute_options_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_options" ADD CONSTRAINT "attribute_options_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attributes" ADD CONSTRAINT "attributes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attributes" ADD CONSTRAINT "attributes_category_id_attribute_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."attribute_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_types" ADD CONSTRAINT "document_types_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_additional_consents" ADD CONSTRAINT "form_section_additional_consents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_additional_consents" ADD CONSTRAINT "form_section_additional_consents_section_id_form_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."form_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_attributes" ADD CONSTRAINT "form_section_attributes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_attributes" ADD CONSTRAINT "form_section_attributes_section_id_form_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."form_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_attributes" ADD CONSTRAINT "form_section_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_consents" ADD CONSTRAINT "form_section_consents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_consents" ADD CONSTRAINT "form_section_consents_section_id_form_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."form_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_consents" ADD CONSTRAINT "form_section_consents_consent_id_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."consents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_documents" ADD CONSTRAINT "form_section_documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_documents" ADD CONSTRAINT "form_section_documents_section_id_form_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."form_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_documents" ADD CONSTRAINT "form_section_documents_document_type_id_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."document_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_questions" ADD CONSTRAINT "form_section_questions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_questions" ADD CONSTRAINT "form_section_questions_section_id_form_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."form_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_questions" ADD CONSTRAINT "form_section_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_terms" ADD CONSTRAINT "form_section_terms_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_terms" ADD CONSTRAINT "form_section_terms_section_id_form_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."form_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_section_terms" ADD CONSTRAINT "form_section_terms_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_sections" ADD CONSTRAINT "form_sections_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_sections" ADD CONSTRAINT "form_sections_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_options" ADD CONSTRAINT "question_options_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_options" ADD CONSTRAINT "question_options_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_attribute_value_files" ADD CONSTRAINT "user_attribute_value_files_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_attribute_value_files" ADD CONSTRAINT "user_attribute_value_files_value_id_user_attribute_values_id_fk" FOREIGN KEY ("value_id") REFERENCES "public"."user_attribute_values"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_attribute_value_files" ADD CONSTRAINT "user_attribute_value_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_attribute_values" ADD CONSTRAINT "user_attribute_values_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_attribute_values" ADD CONSTRAINT "user_attribute_values_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_attribute_values" ADD CONSTRAINT "user_attribute_values_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diversity_question_dependencies" ADD CONSTRAINT "diversity_question_dependencies_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diversity_question_dependencies" ADD CONSTRAINT "diversity_question_dependencies_question_id_diversity_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."diversity_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diversity_question_dependencies" ADD CONSTRAINT "diversity_question_dependencies_parent_fk" FOREIGN KEY ("parent_question_id","parent_option_id") REFERENCES "public"."diversity_question_options"("question_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diversity_question_options" ADD CONSTRAINT "diversity_question_options_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diversity_question_options" ADD CONSTRAINT "diversity_question_options_question_id_diversity_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."diversity_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diversity_questions" ADD CONSTRAINT "diversity_questions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_answers" ADD CONSTRAINT "user_diversity_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_answers" ADD CONSTRAINT "user_diversity_answers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_answers" ADD CONSTRAINT "user_diversity_answers_gender_id_diversity_options_id_fk" FOREIGN KEY ("gender_id") REFERENCES "public"."diversity_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_answers" ADD CONSTRAINT "user_diversity_answers_gender_assigned_id_diversity_options_id_fk" FOREIGN KEY ("gender_assigned_id") REFERENCES "public"."diversity_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_answers" ADD CONSTRAINT "user_diversity_answers_nationality_id_diversity_options_id_fk" FOREIGN KEY ("nationality_id") REFERENCES "public"."diversity_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_answers" ADD CONSTRAINT "user_diversity_answers_ethnicity_id_diversity_options_id_fk" FOREIGN KEY ("ethnicity_id") REFERENCES "public"."diversity_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_answers" ADD CONSTRAINT "user_diversity_answers_sexuality_id_diversity_options_id_fk" FOREIGN KEY ("sexuality_id") REFERENCES "public"."diversity_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_answers" ADD CONSTRAINT "user_diversity_answers_registered_disabled_id_diversity_options_id_fk" FOREIGN KEY ("registered_disabled_id") REFERENCES "public"."diversity_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_answers" ADD CONSTRAINT "user_diversity_answers_disabled_select_id_diversity_options_id_fk" FOREIGN KEY ("disabled_select_id") REFERENCES "public"."diversity_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_answers" ADD CONSTRAINT "user_diversity_answers_religion_id_diversity_options_id_fk" FOREIGN KEY ("religion_id") REFERENCES "public"."diversity_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_question_answer_options" ADD CONSTRAINT "user_diversity_question_answer_options_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_question_answer_options" ADD CONSTRAINT "user_diversity_answer_options_answer_fk" FOREIGN KEY ("answer_id","question_id") REFERENCES "public"."user_diversity_question_answers"("id","question_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_question_answer_options" ADD CONSTRAINT "user_diversity_answer_options_option_fk" FOREIGN KEY ("question_id","option_id") REFERENCES "public"."diversity_question_options"("question_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_question_answers" ADD CONSTRAINT "user_diversity_question_answers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_question_answers" ADD CONSTRAINT "user_diversity_question_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_diversity_question_answers" ADD CONSTRAINT "user_diversity_question_answers_question_id_diversity_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."diversity_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diversity_access_log" ADD CONSTRAINT "diversity_access_log_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diversity_access_log" ADD CONSTRAINT "diversity_access_log_reader_user_id_users_id_fk" FOREIGN KEY ("reader_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diversity_access_log" ADD CONSTRAINT "diversity_access_log_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_additional_consents" ADD CONSTRAINT "application_additional_consents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_additional_consents" ADD CONSTRAINT "application_additional_consents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_additional_consents" ADD CONSTRAINT "application_additional_consents_additional_consent_id_form_section_additional_consents_id_fk" FOREIGN KEY ("additional_consent_id") REFERENCES "public"."form_section_additional_consents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_addresses" ADD CONSTRAINT "application_addresses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_addresses" ADD CONSTRAINT "application_addresses_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_document_type_id_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."document_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_question_answer_files" ADD CONSTRAINT "application_question_answer_files_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_question_answer_files" ADD CONSTRAINT "application_question_answer_files_answer_id_application_question_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."application_question_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_question_answer_files" ADD CONSTRAINT "application_question_answer_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_question_answers" ADD CONSTRAINT "application_question_answers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_question_answers" ADD CONSTRAINT "application_question_answers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_question_answers" ADD CONSTRAINT "application_question_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_references" ADD CONSTRAINT "application_references_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_references" ADD CONSTRAINT "application_references_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_terms" ADD CONSTRAINT "application_terms_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_terms" ADD CONSTRAINT "application_terms_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_terms" ADD CONSTRAINT "application_terms_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_timeslots" ADD CONSTRAINT "application_timeslots_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_timeslots" ADD CONSTRAINT "application_timeslots_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_timeslots" ADD CONSTRAINT "application_timeslots_timeslot_id_opportunity_timeslots_id_fk" FOREIGN KEY ("timeslot_id") REFERENCES "public"."opportunity_timeslots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_motivation_id_motivations_id_fk" FOREIGN KEY ("motivation_id") REFERENCES "public"."motivations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_apply_actions" ADD CONSTRAINT "opportunity_apply_actions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_apply_actions" ADD CONSTRAINT "opportunity_apply_actions_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_apply_actions" ADD CONSTRAINT "opportunity_apply_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_answers" ADD CONSTRAINT "reference_answers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_answers" ADD CONSTRAINT "reference_answers_reference_id_application_references_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."application_references"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_answers" ADD CONSTRAINT "reference_answers_question_id_reference_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."reference_questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_questions" ADD CONSTRAINT "reference_questions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_requests" ADD CONSTRAINT "reference_requests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_requests" ADD CONSTRAINT "reference_requests_reference_id_application_references_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."application_references"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residential_booking_linked_applicants" ADD CONSTRAINT "residential_booking_linked_applicants_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residential_booking_linked_applicants" ADD CONSTRAINT "residential_booking_linked_applicants_booking_id_residential_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."residential_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residential_bookings" ADD CONSTRAINT "residential_bookings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residential_bookings" ADD CONSTRAINT "residential_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residential_bookings" ADD CONSTRAINT "residential_bookings_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residential_bookings" ADD CONSTRAINT "residential_bookings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residential_bookings" ADD CONSTRAINT "residential_bookings_cancel_reason_id_residential_cancel_reasons_id_fk" FOREIGN KEY ("cancel_reason_id") REFERENCES "public"."residential_cancel_reasons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residential_bookings" ADD CONSTRAINT "residential_bookings_cancelled_by_user_id_users_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residential_cancel_reasons" ADD CONSTRAINT "residential_cancel_reasons_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_changeover_days" ADD CONSTRAINT "team_changeover_days_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_changeover_days" ADD CONSTRAINT "team_changeover_days_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_room_unavailable_periods" ADD CONSTRAINT "team_room_unavailable_periods_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_room_unavailable_periods" ADD CONSTRAINT "team_room_unavailable_periods_room_id_team_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."team_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_rooms" ADD CONSTRAINT "team_rooms_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_rooms" ADD CONSTRAINT "team_rooms_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_log" ADD CONSTRAINT "security_log_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_log" ADD CONSTRAINT "security_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_use_tokens" ADD CONSTRAINT "single_use_tokens_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_use_tokens" ADD CONSTRAINT "single_use_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_use_tokens" ADD CONSTRAINT "single_use_tokens_challenge_id_two_factor_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."two_factor_challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_states" ADD CONSTRAINT "sso_states_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trusted_devices" ADD CONSTRAINT "trusted_devices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trusted_devices" ADD CONSTRAINT "trusted_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor_challenges" ADD CONSTRAINT "two_factor_challenges_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor_challenges" ADD CONSTRAINT "two_factor_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_totp_steps" ADD CONSTRAINT "used_totp_steps_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_totp_steps" ADD CONSTRAINT "used_totp_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_submissions" ADD CONSTRAINT "application_submissions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_submissions" ADD CONSTRAINT "application_submissions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_hosts_host_unique" ON "organisation_hosts" USING btree (lower("host"));--> statement-breakpoint
CREATE INDEX "role_profiles_organisation_idx" ON "role_profiles" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "teams_organisation_idx" ON "teams" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "user_addresses_user_idx" ON "user_addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_email_addresses_org_email_unique" ON "user_email_addresses" USING btree ("organisation_id",lower("email"));--> statement-breakpoint
CREATE INDEX "user_email_addresses_user_idx" ON "user_email_addresses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_guardians_user_idx" ON "user_guardians" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_phone_numbers_user_idx" ON "user_phone_numbers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_roles_user_idx" ON "user_roles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_roles_team_profile_idx" ON "user_roles" USING btree ("team_id","role_profile_id");--> statement-breakpoint
CREATE INDEX "users_organisation_idx" ON "users" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_sso_subject_unique" ON "users" USING btree ("organisation_id","sso_subject");--> statement-breakpoint
CREATE INDEX "files_organisation_idx" ON "files" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "files_ephemeral_idx" ON "files" USING btree ("ephemeral","created_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_created_idx" ON "outbox_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_organisation_idx" ON "outbox_messages" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_to_idx" ON "outbox_messages" USING btree (lower("to"));--> statement-breakpoint
CREATE INDEX "outbox_messages_queued_idx" ON "outbox_messages" USING btree ("id") WHERE "outbox_messages"."sent_at" is null and "outbox_messages"."error" is null and "outbox_messages"."transport" <> 'store';--> statement-breakpoint
CREATE INDEX "motivations_organisation_idx" ON "motivations" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE INDEX "consent_change_logs_user_consent_idx" ON "consent_change_logs" USING btree ("user_id","consent_id","created_at");--> statement-breakpoint
CREATE INDEX "consent_options_consent_idx" ON "consent_options" USING btree ("consent_id","position");--> statement-breakpoint
CREATE INDEX "consents_organisation_idx" ON "consents" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE INDEX "terms_organisation_idx" ON "terms" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE INDEX "user_consent_answers_consent_idx" ON "user_consent_answers" USING btree ("consent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "opportunities_organisation_slug_unique" ON "opportunities" USING btree ("organisation_id","slug");--> statement-breakpoint
CREATE INDEX "opportunities_team_role_idx" ON "opportunities" USING btree ("team_id","role_profile_id");--> statement-breakpoint
CREATE INDEX "opportunities_organisation_location_idx" ON "opportunities" USING btree ("organisation_id","country","county");--> statement-breakpoint
CREATE INDEX "opportunity_sub_locations_opportunity_idx" ON "opportunity_sub_locations" USING btree ("opportunity_id","position");--> statement-breakpoint
CREATE INDEX "opportunity_timeslots_sub_location_idx" ON "opportunity_timeslots" USING btree ("sub_location_id","position");--> statement-breakpoint
CREATE INDEX "attribute_categories_organisation_idx" ON "attribute_categories" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "attribute_options_attribute_value_unique" ON "attribute_options" USING btree ("attribute_id","value");--> statement-breakpoint
CREATE INDEX "attribute_options_attribute_idx" ON "attribute_options" USING btree ("attribute_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "attributes_organisation_slug_unique" ON "attributes" USING btree ("organisation_id","slug");--> statement-breakpoint
CREATE INDEX "document_types_organisation_idx" ON "document_types" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "form_section_additional_consents_section_idx" ON "form_section_additional_consents" USING btree ("section_id","position");--> statement-breakpoint
CREATE INDEX "form_section_attributes_attribute_idx" ON "form_section_attributes" USING btree ("attribute_id");--> statement-breakpoint
CREATE INDEX "form_section_consents_consent_idx" ON "form_section_consents" USING btree ("consent_id");--> statement-breakpoint
CREATE INDEX "form_section_documents_document_type_idx" ON "form_section_documents" USING btree ("document_type_id");--> statement-breakpoint
CREATE INDEX "form_section_questions_question_idx" ON "form_section_questions" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "form_section_terms_term_idx" ON "form_section_terms" USING btree ("term_id");--> statement-breakpoint
CREATE UNIQUE INDEX "form_sections_opportunity_position_unique" ON "form_sections" USING btree ("opportunity_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "question_options_question_value_unique" ON "question_options" USING btree ("question_id","value");--> statement-breakpoint
CREATE INDEX "question_options_question_idx" ON "question_options" USING btree ("question_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "questions_organisation_slug_unique" ON "questions" USING btree ("organisation_id","slug");--> statement-breakpoint
CREATE INDEX "user_attribute_value_files_file_idx" ON "user_attribute_value_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_attribute_values_user_attribute_unique" ON "user_attribute_values" USING btree ("user_id","attribute_id");--> statement-breakpoint
CREATE INDEX "user_attribute_values_attribute_idx" ON "user_attribute_values" USING btree ("attribute_id");--> statement-breakpoint
CREATE INDEX "diversity_options_field_idx" ON "diversity_options" USING btree ("field","position");--> statement-breakpoint
CREATE UNIQUE INDEX "diversity_question_dependencies_unique" ON "diversity_question_dependencies" USING btree ("question_id","parent_option_id");--> statement-breakpoint
CREATE INDEX "diversity_question_dependencies_parent_idx" ON "diversity_question_dependencies" USING btree ("parent_question_id");--> statement-breakpoint
CREATE INDEX "diversity_question_options_question_idx" ON "diversity_question_options" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "diversity_questions_organisation_idx" ON "diversity_questions" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE INDEX "user_diversity_answer_options_option_idx" ON "user_diversity_question_answer_options" USING btree ("option_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_diversity_question_answers_user_question_unique" ON "user_diversity_question_answers" USING btree ("user_id","question_id");--> statement-breakpoint
CREATE INDEX "user_diversity_question_answers_question_idx" ON "user_diversity_question_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "diversity_access_log_subject_idx" ON "diversity_access_log" USING btree ("organisation_id","subject_user_id","read_at");--> statement-breakpoint
CREATE INDEX "diversity_access_log_reader_idx" ON "diversity_access_log" USING btree ("organisation_id","reader_user_id","read_at");--> statement-breakpoint
CREATE UNIQUE INDEX "application_addresses_application_position_unique" ON "application_addresses" USING btree ("application_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "application_documents_application_file_unique" ON "application_documents" USING btree ("application_id","file_id");--> statement-breakpoint
CREATE INDEX "application_documents_document_type_idx" ON "application_documents" USING btree ("document_type_id");--> statement-breakpoint
CREATE INDEX "application_question_answer_files_file_idx" ON "application_question_answer_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_question_answers_application_question_unique" ON "application_question_answers" USING btree ("application_id","question_id");--> statement-breakpoint
CREATE INDEX "application_question_answers_question_idx" ON "application_question_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "application_references_application_idx" ON "application_references" USING btree ("application_id","position");--> statement-breakpoint
CREATE INDEX "application_terms_term_idx" ON "application_terms" USING btree ("term_id");--> statement-breakpoint
CREATE INDEX "application_timeslots_timeslot_idx" ON "application_timeslots" USING btree ("timeslot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_organisation_idempotency_unique" ON "applications" USING btree ("organisation_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "applications_user_idx" ON "applications" USING btree ("user_id","opportunity_id");--> statement-breakpoint
CREATE INDEX "applications_opportunity_idx" ON "applications" USING btree ("opportunity_id");--> statement-breakpoint
CREATE INDEX "opportunity_apply_actions_opportunity_idx" ON "opportunity_apply_actions" USING btree ("opportunity_id","created_at");--> statement-breakpoint
CREATE INDEX "reference_answers_reference_idx" ON "reference_answers" USING btree ("reference_id","position");--> statement-breakpoint
CREATE INDEX "reference_questions_organisation_idx" ON "reference_questions" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "reference_requests_token_hash_unique" ON "reference_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "reference_requests_reference_unique" ON "reference_requests" USING btree ("reference_id");--> statement-breakpoint
CREATE INDEX "residential_booking_linked_applicants_booking_idx" ON "residential_booking_linked_applicants" USING btree ("booking_id","position");--> statement-breakpoint
CREATE INDEX "residential_bookings_team_dates_idx" ON "residential_bookings" USING btree ("team_id","start_date","end_date");--> statement-breakpoint
CREATE INDEX "residential_bookings_user_idx" ON "residential_bookings" USING btree ("user_id","end_date");--> statement-breakpoint
CREATE INDEX "residential_bookings_application_idx" ON "residential_bookings" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "residential_cancel_reasons_organisation_idx" ON "residential_cancel_reasons" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE INDEX "team_changeover_days_team_idx" ON "team_changeover_days" USING btree ("team_id","start_date");--> statement-breakpoint
CREATE INDEX "team_room_unavailable_periods_room_idx" ON "team_room_unavailable_periods" USING btree ("room_id","from_date");--> statement-breakpoint
CREATE INDEX "team_rooms_team_idx" ON "team_rooms" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_tokens_session_idx" ON "auth_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "security_log_organisation_idx" ON "security_log" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "security_log_user_idx" ON "security_log" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "single_use_tokens_user_idx" ON "single_use_tokens" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "trusted_devices_user_idx" ON "trusted_devices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factor_challenges_user_idx" ON "two_factor_challenges" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_submissions_organisation_key_unique" ON "application_submissions" USING btree ("organisation_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "application_submissions_created_idx" ON "application_submissions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_source_key_idx" ON "addresses" USING btree ("source","source_key");--> statement-breakpoint
CREATE INDEX "addresses_postcode_key_idx" ON "addresses" USING btree ("postcode_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "addresses_street_key_idx" ON "addresses" USING btree ("street_key");--> statement-breakpoint
CREATE INDEX "addresses_search_idx" ON "addresses" USING gin ("search");